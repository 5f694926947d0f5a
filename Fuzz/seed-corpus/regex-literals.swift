import RegexBuilder

let digits = /\d+/
let email = /(?<user>[a-z0-9._%+-]+)@(?<domain>[a-z0-9.-]+\.[a-z]{2,})/
let extended = #/
    (?<year>\d{4}) - (?<month>\d{2})  # a date
    /#
let withSlash = #/a/b/#
let match = try? /[0-9]+/.firstMatch(in: "abc 123")
let division = 10 / 2 / 5
let mixed = [1, 2].map { $0 / 2 }.filter { $0 > 0 }
let notRegex = x /y/ z
let builder = Regex {
    OneOrMore(.digit)
    "-"
    Capture { OneOrMore(.word) }
}
func operators() { let a = 1, b = 2; _ = a / b; _ = (a) / (b) }
let spaced = / not a regex/
let unterminated = /abc
let afterTry = try! /x/.wholeMatch(in: "x")
