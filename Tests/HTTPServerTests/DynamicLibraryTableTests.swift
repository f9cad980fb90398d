import BufferText
import CDynamicLibrary
import TestSupport
import XCTest

/// A table the shims fill with `dlopen` and `dlsym` holds no pointer from before when opening
/// fails, however it fails: a caller that read a slot after a failure would jump to nowhere.
final class DynamicLibraryTableTests: XCTestCase {
    /// Opens `candidates` into one slot that held a stale pointer: the slot afterwards, and the message.
    private func open(_ candidates: [String], symbol: String) -> (slot: UnsafeMutableRawPointer?, status: Int32, message: String) {
        let slot = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 1)
        defer { slot.deallocate() }
        slot.initialize(to: UnsafeMutableRawPointer(bitPattern: 0x1000))
        var message = [CChar](repeating: 0, count: 1024)
        let status = symbol.withCString { name in
            var symbols = [sc_dl_symbol(slot: slot, name: name)]
            return withCStringArray(candidates) { names in
                let paths = names.map { $0! }  // the table's candidates are non-null
                return sc_dl_open_table(paths, paths.count, &symbols, symbols.count, nil, &message, message.count)
            }
        }
        return (slot.pointee, status, message.stringBeforeNUL)
    }

    func testAFailureClearsTheSlots() {
        for (candidates, reason) in [([], "no file to open"), (["libsharecard-absent.so"], "libsharecard-absent.so"),
                                     (["libz.so.1"], "libz.so.1 has no sc_absent_entry")] {
            let opened = open(candidates, symbol: "sc_absent_entry")
            XCTAssertEqual(opened.status, -1, "\(candidates)")
            XCTAssertNil(opened.slot, "\(candidates): a stale pointer survived")
            XCTAssertTrue(opened.message.contains(reason), opened.message)
        }
    }

    func testASuccessFillsTheSlot() {
        let opened = open(["libsharecard-absent.so", "libz.so.1"], symbol: "zlibVersion")
        XCTAssertEqual(opened.status, 0)
        XCTAssertNotNil(opened.slot)
        XCTAssertEqual(opened.message, "")
    }
}
