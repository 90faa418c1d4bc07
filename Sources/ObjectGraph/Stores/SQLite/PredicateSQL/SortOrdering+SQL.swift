import Foundation

extension SortOrdering {
    /// The `ORDER BY` term for this ordering over the rows of `entityName` named `alias`:
    /// the key path's column (through to-one relationships as scalar subqueries), folded with
    /// `og_fold` when ``options`` ask for it, then `ASC` or `DESC`.
    /// - Throws: ``PredicateSQLError`` for unknown keys and key paths that cross a to-many
    ///   relationship or end on a relationship.
    func sqlOrderTerm(
        entityName: String, alias: String, schema: any SQLPredicateSchema
    ) throws(PredicateSQLError) -> String {
        guard let mapping = schema.sqlMapping(forEntity: entityName) else { throw .unknownEntity(entityName) }
        var compiler = PredicateSQLCompiler(schema: schema)
        let root = PredicateSQLCompiler.Cursor(
            entity: entityName, mapping: mapping, row: PredicateSQLCompiler.quote(alias))
        let resolved = try compiler.resolve(keyPath, scope: PredicateSQLCompiler.Scope(root: root))
        guard resolved.levels.isEmpty, resolved.member == nil else {
            throw .unsupported("sorting by '\(key)', which does not lead through to-one relationships to an attribute")
        }
        var sql = resolved.value.sql
        if !options.isEmpty && resolved.kind == .text { sql = "og_fold(\(sql), \(options.rawValue))" }
        return sql + (ascending ? " ASC" : " DESC")
    }
}
