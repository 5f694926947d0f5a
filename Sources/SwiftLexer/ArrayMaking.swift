extension Array {
    /// `Array(unsafeUninitializedCapacity:initializingWith:)`, except that a capacity of
    /// 0 gives `[]` without calling `initialize`. The standard initializer with capacity 0
    /// stores the count into the one empty array every thread shares, which is a data race
    /// when files are lexed and outlined on several threads (the thread sanitizer reports
    /// it). Every array the lexer, the outline and the per-file stage make this way is made
    /// through here.
    @inlinable @inline(__always)
    public init(unsharedUninitializedCapacity capacity: Int,
                initializingWith initialize: (_ buffer: inout UnsafeMutableBufferPointer<Element>, _ initializedCount: inout Int) throws -> Void) rethrows {
        if capacity == 0 {
            self = []
        } else {
            try self.init(unsafeUninitializedCapacity: capacity, initializingWith: initialize)
        }
    }
}
