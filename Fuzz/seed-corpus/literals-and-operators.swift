let decimal = 1_000_000
let hex = 0xFF_EC_DE
let octal = 0o755
let binary = 0b1010_1010
let float = 3.141_592e-10
let hexFloat = 0x1.8p-3
let exponent = 6.02E+23
let negative = -42
let badDigits = 0b102 + 0o9 + 0xG + 1e
let range = 0..<10
let closed = 1...5
let half = ...5
let from = 2...
infix operator <~>: AdditionPrecedence
prefix operator √
postfix operator %%
precedencegroup PipePrecedence { associativity: left higherThan: AssignmentPrecedence }
infix operator |>: PipePrecedence
func <~> (lhs: Int, rhs: Int) -> Int { lhs ^ rhs }
prefix func √ (value: Double) -> Double { value.squareRoot() }
postfix func %% (value: Int) -> Double { Double(value) / 100 }
func |> <A, B>(value: A, transform: (A) -> B) -> B { transform(value) }
let mixed = 3 <~> 5 |> { $0 * 2 }
let optional: Int?? = nil
let chained = optional ?? nil ?? 0
var x = 1; x += 2; x -= 1; x *= 3; x /= 2; x &+= 1; x <<= 1
let ternary = x > 1 ? x < 10 ? "mid" : "high" : "low"
let forced = optional!!
let bits = ~x & 0xF | x ^ 3
let division = x / 2 / 3
let ratio = (x + 1) / (x - 1)
let cast = x as Int as Any as? Int ?? 0
