struct Café {
    let naïve = "résumé"
    let 日本語 = "テキスト"
    let 🐶 = "dog"
    let `class` = "keyword as name"
    let `my var` = 1
    var `default`: Int { 0 }
}
let values = [1, 2, 3].map { $0 * 2 }.reduce(0) { $0 + $1 }
let closure: (Int, Int) -> Int = { $1 - $0 }
let π = 3.14159
let Ω = "ohm"
let combining = "e\u{0301}"
func ƒ(_ x: Int) -> Int { x }
let zeroWidth = "a\u{200B}b"
let placeholder = <#expression#>
let 𝔘 = 1
