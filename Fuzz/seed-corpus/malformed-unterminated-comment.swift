import Foundation

/* outer comment
   /* nested comment */
   still inside the outer one
struct NeverSeen {}

/// A doc comment
/** A doc block */
//// Four slashes
/* */ /**/ /***/
let a = 1 /* trailing
