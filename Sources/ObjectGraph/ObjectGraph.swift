// ObjectGraph
