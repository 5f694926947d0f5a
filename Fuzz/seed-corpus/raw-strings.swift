let plain = "quote \" backslash \\ tab \t unicode \u{1F600} nul \0"
let raw = #"no escapes \n here, only \#(plain) interpolates"#
let rawer = ##"a "# inside, \##(raw.count) counted"##
let rawMulti = #"""
    Line with "quotes" and \(not interpolated)
    but \#(raw) is
    """#
let single = 'not a Swift string'
let emptyRaw = #""#
let pounds = ###"###
let escapesInRaw = #"\#u{41}\#t"#
let unicodeScalars = "\u{E9}\u{301}"
let badEscape = "\q \u{110000} \u{}"
