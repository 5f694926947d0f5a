func classify(_ values: [Any?], limit: Int) throws -> [String] {
    var result: [String] = []
    outer: for (index, value) in values.enumerated() where index < limit {
        guard let value else { continue outer }
        switch value {
        case let number as Int where number < 0:
            result.append("negative")
        case is String, is Substring:
            result.append("text")
        case let (a, b) as (Int, Int):
            result.append("\(a + b)")
        case _ where index.isMultiple(of: 2):
            fallthrough
        default:
            result.append("other")
        }
        repeat { break outer } while false
    }
    if case .some(let first) = result.first, first.isEmpty { throw CancellationError() }
    defer { result.removeAll() }
    do {
        try check()
    } catch let error as DecodingError {
        print(error)
    } catch {
        throw error
    }
    let count = if result.isEmpty { 0 } else { result.count }
    let label = switch count { case 0: "none" case 1: "one" default: "many" }
    _ = (count, label)
    return result
}
func check() throws {}
let tuple = (first: 1, second: "two")
let (a, b) = tuple
let _ = [a: b]
let keyPath = \Note.title.count
let subscriptKey = \[Int].[0]
