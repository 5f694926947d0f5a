import Foundation

struct Broken {
    let title = "this string never ends
    let next = 1
    let interpolated = "value: \(compute(1, "nested
    func compute(_ a: Int, _ b: String) -> Int { a }
    let multi = """
        opened but never closed
        \(interpolation
    func afterwards() {}
}
