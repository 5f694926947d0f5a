func render(_ note: Note, tags: [String], showsDate: Bool) -> String {
    """
    # \(note.title)
    \(showsDate ? "Modified \(note.modified.formatted(.dateTime.year().month()))" : "")
    Tags: \(tags.map { "#\($0)" }.joined(separator: ", "))
    Nested: \("outer \("inner \("innermost \(1 + (2 * 3))")")")
    Escaped: \\(not interpolation) and \"quotes\" and \"""
    Trailing backslash joins lines \
    Closure: \({ () -> String in "from closure" }())
    """
}

let indented = """
        indented
      less
    """
let afterMulti = """
\(1)\(2)\(3)
"""
let empty = """
"""
