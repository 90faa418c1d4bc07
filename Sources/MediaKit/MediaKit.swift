// MediaKit
