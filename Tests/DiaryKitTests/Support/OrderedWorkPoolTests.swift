import Dispatch
import Foundation
import Synchronization
import Testing

@testable import DiaryKit

@Suite struct OrderedWorkPoolTests {
    @Test func resultsComeBackInInputOrderWhenLaterWorkFinishesFirst() {
        let pool = OrderedWorkPool(width: 4, capacity: 8)
        var delivered: [Int] = []
        pool.run(
            Array(0..<24),
            work: { (number: Int) -> Int in
                // The earlier the item, the longer it takes.
                usleep(UInt32((24 - number) * 300))
                return number * 10
            }, deliver: { (value: Int) in delivered.append(value) })
        #expect(delivered == (0..<24).map { $0 * 10 })
    }

    @Test func twoPiecesRunAtTheSameTime() {
        // Each piece waits for the other to have started: only a pool that runs them side by
        // side finishes both without timing out.
        let arrivals = Mutex(0)
        let bothThere = DispatchSemaphore(value: 0)
        let met = Mutex(0)
        OrderedWorkPool(width: 2).run(
            [0, 1],
            work: { (_: Int) -> Bool in
                let count = arrivals.withLock { value -> Int in
                    value += 1
                    return value
                }
                if count == 2 {
                    bothThere.signal()
                    bothThere.signal()
                }
                return bothThere.wait(timeout: .now() + 5) == .success
            }, deliver: { (sawTheOther: Bool) in if sawTheOther { met.withLock { $0 += 1 } } })
        #expect(met.withLock { $0 } == 2)
    }

    @Test func noMoreThanTheWidthRunAndNoMoreThanTheCapacityAreInFlight() {
        let pool = OrderedWorkPool(width: 3, capacity: 5)
        let running = Mutex((now: 0, most: 0))
        let pulled = Mutex(0)
        var mostAhead = 0
        var deliveredCount = 0
        let inputs = (0..<60).lazy.map { number -> Int in
            pulled.withLock { $0 += 1 }
            return number
        }
        pool.run(
            inputs,
            work: { (number: Int) -> Int in
                running.withLock {
                    $0.now += 1; $0.most = max($0.most, $0.now)
                }
                usleep(UInt32(200 + (number % 7) * 150))
                running.withLock { $0.now -= 1 }
                return number
            },
            deliver: { (_: Int) in
                deliveredCount += 1
                // Items read but not yet handed back, this one included.
                mostAhead = max(mostAhead, pulled.withLock { $0 } - deliveredCount + 1)
            })
        #expect(deliveredCount == 60)
        #expect(running.withLock { $0.most } <= 3)
        #expect(running.withLock { $0.most } >= 2)
        #expect(mostAhead <= 5)
    }

    @Test func aFailingReceiverStopsReadingAndHandsTheRestToAbandon() {
        let pool = OrderedWorkPool(width: 2, capacity: 4)
        let pulled = Mutex(0)
        var abandoned: [Int] = []
        var delivered: [Int] = []
        let inputs = (0..<1000).lazy.map { number -> Int in
            pulled.withLock { $0 += 1 }
            return number
        }
        #expect(throws: DiaryError.emptyEntry) {
            try pool.run(
                inputs, work: { (number: Int) -> Int in number }, abandon: { abandoned.append($0) },
                deliver: { (number: Int) throws(DiaryError) in
                    if number == 3 { throw .emptyEntry }
                    delivered.append(number)
                })
        }
        #expect(delivered == [0, 1, 2])
        let read = pulled.withLock { $0 }
        #expect(read <= 3 + 4)
        // Everything read after the failing one was abandoned, none delivered, none lost.
        #expect(abandoned == Array(4..<read))
    }
}
