import CanvasCore
import Testing

// The pinch, driven the way a device drives it: fingers move, the
// UIKit-faithful `PinchRecognizerModel` reports a scale that is cumulative
// since the gesture began, and the engine turns each report into a zoom.
//
// `tileCanvas()` is 100 items of 100 × 100 in ten columns, 1000 × 1000,
// seen through a 200 × 100 window opened at the top left. `Fingers` puts two
// fingers `spread` points either side of their center (viewport (100, 50)
// unless said otherwise), so the recognizer's scale is spread / first spread.

/// Stops that sit on the limits, as a host would set them.
private let stepped = zoomSettings(minimum: 0.75, maximum: 1.5, stops: [0.75, 1, 1.25, 1.5])

/// Two items with fractional frames, placed as given: the canvas is 61.8 × 17.45.
private let fractionalFrames = [rect(0, 0, 33.3, 10.5), rect(40.7, 12.25, 21.1, 5.2)]

/// Why the zoom changed under a pinch in flight.
enum PinchInterruption: Sendable, CustomStringConvertible {
    case reload
    case hostSetsZoom(Double)
    case twoFingerTap
    case narrowedMaximum(Double)

    var description: String {
        switch self {
        case .reload: "setItems"
        case .hostSetsZoom(let scale): "setZoom(\(scale))"
        case .twoFingerTap: "twoFingerTap"
        case .narrowedMaximum(let maximum): "maximum \(maximum)"
        }
    }
}

@Suite("Pinch")
struct PinchTests {
    // MARK: Accumulating, once

    @Test(
        "Separate gestures accumulate: each starts from the zoom the last one left",
        arguments: [
            ([2.0, 2.0], [2.0, 4.0]),  // 2× then 2× is 4×, not back to 2×
            ([1.5, 2], [1.5, 3]),
            ([2, 2, 0.25], [2, 4, 1]),
            ([4, 4], [4, 5]),  // 16 rests at the maximum
        ]
    )
    func gesturesAccumulate(ratios: [Double], expected: [Double]) throws {
        let engine = try tileCanvas()
        for (ratio, zoom) in zip(ratios, expected) {
            let events = engine.pinch(from: 100, through: [100 * ratio])
            #expect(events == [.willBegin, .didChange(scale: zoom), .didEnd(scale: zoom)])
            #expect(engine.zoomScale == zoom)
        }
    }

    @Test("One long gesture applies its scale once: the zoom is always start × ratio since began")
    func longGestureAppliesOnce() throws {
        let engine = try tileCanvas()
        try engine.setZoom(1.5)
        var fingers = Fingers()
        #expect(engine.handlePinch(fingers.move(spread: 100)) == [.willBegin])
        // Twenty updates out to twice the spread…
        for spread in stride(from: 105.0, through: 200, by: 5) {
            let reported = changes(engine.handlePinch(fingers.move(spread: spread)))
            #expect(reported.count == 1)
            expectClose(reported.first ?? .nan, 1.5 * spread / 100, "zoom at spread \(spread)")
        }
        expectClose(engine.zoomScale, 3, "after twenty updates")  // 1.5 × 2, not a pile-up of the updates
        // …and back to where the fingers began: back to the zoom the gesture began at.
        for spread in stride(from: 195.0, through: 100, by: -5) {
            _ = engine.handlePinch(fingers.move(spread: spread))
        }
        #expect(engine.zoomScale == 1.5)
        #expect(engine.handlePinch(fingers.lift()) == [.didEnd(scale: 1.5)])
    }

    @Test("A gesture of seventy +1% updates ends at 1.01^70, the fingers' ratio")
    func compoundingSmallSteps() throws {
        let engine = try tileCanvas()
        var fingers = Fingers()
        _ = engine.handlePinch(fingers.move(spread: 100))
        var spread = 100.0
        for _ in 1...70 {
            spread *= 1.01
            _ = engine.handlePinch(fingers.move(spread: spread))
        }
        // 1.01^70 ≈ 2.0068 (e^(70 · 0.00995)).
        expectClose(engine.zoomScale, 2.0068, tolerance: 1e-4)
        expectClose(engine.zoomScale, spread / 100, tolerance: 1e-9)
    }

    @Test("The recognizer scale at began is the baseline, not 1")
    func beganScaleIsTheBaseline() throws {
        let engine = try tileCanvas()
        var fingers = Fingers()
        _ = fingers.move(spread: 100)
        fingers.recognizer.scale = 1.2  // the recognizer already reads 1.2 when the engine hears began
        let began = fingers.recognizer.event
        #expect(began.phase == .began)
        #expect(engine.handlePinch(began) == [.willBegin])
        // 1.2 · 200 / 100 = 2.4 since began, a ratio of 2 to the baseline.
        let events = engine.handlePinch(fingers.move(spread: 200))
        #expect(changes(events).count == 1)
        expectClose(changes(events).first ?? .nan, 2)
    }

    // MARK: Fingers

    @Test("Three fingers zoom like two")
    func threeFingers() throws {
        let engine = try tileCanvas()
        let events = engine.pinch(from: 100, through: [150, 200], fingers: 3)
        #expect(events.first == .willBegin)
        let reported = changes(events)
        #expect(reported.count == 2)
        expectClose(reported.first ?? .nan, 1.5)
        expectClose(reported.last ?? .nan, 2)
        expectClose(engine.zoomScale, 2)
        #expect(engine.isPinching == false)
    }

    @Test("A changed event with one finger is ignored and the gesture goes on from where it was")
    func oneFingerIgnored() throws {
        let engine = try tileCanvas()
        var fingers = Fingers()
        _ = engine.handlePinch(fingers.move(spread: 100))
        #expect(engine.handlePinch(fingers.move(spread: 200)) == [.didChange(scale: 2)])
        var lifted = fingers.move(spread: 400)
        lifted.touches = 1  // UIKit reports changed with one touch while a finger lifts
        #expect(engine.handlePinch(lifted) == [])
        #expect(engine.zoomScale == 2)
        #expect(engine.handlePinch(fingers.move(spread: 300)) == [.didChange(scale: 3)])
        #expect(engine.handlePinch(fingers.lift()) == [.didEnd(scale: 3)])
    }

    @Test("One finger alone never begins a pinch")
    func oneFingerNeverBegins() throws {
        let engine = try tileCanvas()
        #expect(engine.handleTouches([point(100, 50)]) == [])
        #expect(engine.handleTouches([point(150, 50)]) == [])
        #expect(engine.isPinching == false)
        #expect(engine.zoomScale == 1)
    }

    @Test("A changed event with a scale that is not positive is ignored", arguments: [0.0, -1, .nan])
    func nonPositiveScaleIgnored(scale: Double) throws {
        let engine = try tileCanvas()
        var fingers = Fingers()
        _ = engine.handlePinch(fingers.move(spread: 100))
        _ = engine.handlePinch(fingers.move(spread: 150))
        var event = fingers.recognizer.event
        event.scale = scale
        #expect(engine.handlePinch(event) == [])
        #expect(engine.zoomScale == 1.5)
        #expect(engine.handlePinch(fingers.move(spread: 200)) == [.didChange(scale: 2)])
    }

    // MARK: Limits and damping

    @Test(
        "Past a limit the zoom rests at the limit, then follows the fingers back in the same gesture",
        arguments: [
            [(400.0, Double?.some(4)), (600, 5), (800, nil), (300, 3)],  // 6 and 8 rest at 5
            [(50, 0.5), (25, 0.35), (10, nil), (80, 0.8)],  // 0.25 and 0.1 rest at 0.35
        ] as [[(Double, Double?)]]
    )
    func clampsAtTheLimits(script: [(Double, Double?)]) throws {
        let engine = try tileCanvas()
        var fingers = Fingers()
        _ = engine.handlePinch(fingers.move(spread: 100))
        for (spread, change) in script {
            let expected = change.map { [ZoomEvent.didChange(scale: $0)] } ?? []
            #expect(engine.handlePinch(fingers.move(spread: spread)) == expected, "at spread \(spread)")
        }
        let last = try #require(script.last?.1)
        #expect(engine.handlePinch(fingers.lift()) == [.didEnd(scale: last)])
    }

    @Test(
        "Damping is pow(ratio, speed): pinching by k and by 1/k give reciprocal zooms",
        arguments: [
            (1.0, 2.0, 2.0),
            (0.5, 4, 2),  // √4
            (2, 1.5, 2.25),  // 1.5²
            (0.25, 16, 2),  // ⁴√16
        ]
    )
    func dampingIsSymmetric(speed: Double, k: Double, expected: Double) throws {
        let out = try tileCanvas()
        try out.setZoomSettings(zoomSettings(speed: speed))
        out.pinch(from: 100, through: [100 * k])
        expectClose(out.zoomScale, expected, "pinching out by \(k)")

        let back = try tileCanvas()
        try back.setZoomSettings(zoomSettings(speed: speed))
        back.pinch(from: 100 * k, through: [100])
        expectClose(back.zoomScale, 1 / expected, "pinching in by \(k)")
        expectClose(out.zoomScale * back.zoomScale, 1, "product")
    }

    @Test(
        "Damped pinches still reach both ends of the range",
        arguments: [
            (0.5, 2500.0, 5.0),  // √25 = 5
            (0.5, 1225, 3.5),  // √12.25
            (0.5, 10, 0.35),  // √0.1 ≈ 0.316 rests at the minimum
            (2, 250, 5),  // 2.5² = 6.25 rests at the maximum
            (2, 50, 0.35),  // 0.5² = 0.25
        ]
    )
    func dampingReachesBothEnds(speed: Double, spread: Double, expected: Double) throws {
        let engine = try tileCanvas()
        try engine.setZoomSettings(zoomSettings(speed: speed))
        engine.pinch(from: 100, through: [spread])
        expectClose(engine.zoomScale, expected)
    }

    @Test("Damping applies to the ratio, from the zoom the gesture began at")
    func dampingFromTheStart() throws {
        let engine = try tileCanvas()
        try engine.setZoomSettings(zoomSettings(speed: 0.5))
        try engine.setZoom(2)
        engine.pinch(from: 100, through: [400])
        expectClose(engine.zoomScale, 4)  // 2 · √4
    }

    // MARK: Stops

    @Test("A slow pinch of small steps escapes the minimum and reaches each next stop, and back")
    func slowPinchThroughStops() throws {
        let engine = try tileCanvas()
        try engine.setZoomSettings(stepped)
        try engine.setZoom(0.75)
        var fingers = Fingers()
        _ = engine.handlePinch(fingers.move(spread: 100))

        // One point at a time, never more than +1%: the zoom proposed is
        // 0.75 · spread / 100. It passes 0.875 (halfway to 1) at 117; 1.125
        // (halfway to 1.25) exactly at 150, a tie that goes to 1, listed
        // first, so 1.25 comes at 151; 1.375 between 183 and 184.
        var reached: [(spread: Double, zoom: Double)] = []
        for spread in stride(from: 101.0, through: 220, by: 1) {
            for zoom in changes(engine.handlePinch(fingers.move(spread: spread))) {
                reached.append((spread, zoom))
            }
        }
        #expect(reached.map(\.spread) == [117, 151, 184])
        #expect(reached.map(\.zoom) == [1, 1.25, 1.5])

        // Back down the same way: 1.375 is crossed at 183, 1.125 is a tie at 150 (1 wins), 0.875 at 116.
        reached = []
        for spread in stride(from: 219.0, through: 90, by: -1) {
            for zoom in changes(engine.handlePinch(fingers.move(spread: spread))) {
                reached.append((spread, zoom))
            }
        }
        #expect(reached.map(\.spread) == [183, 150, 116])
        #expect(reached.map(\.zoom) == [1.25, 1, 0.75])
    }

    @Test(
        "A pinch snaps to the nearest stop inside the limits; a tie goes to the stop listed first",
        arguments: [
            ([0.5, 1, 2], 140.0, 1.0),  // 1.4 is nearer 1: nothing changes
            ([0.5, 1, 2], 160, 2),
            ([0.5, 1, 2], 150, 1),  // 1.5: a tie, 1 listed first
            ([2, 1, 0.5], 150, 2),  // the same tie, 2 listed first
            ([0.5, 1, 2], 70, 0.5),
            ([0.5, 1, 2, 6], 600, 2),  // 6 rests at 5; the stop at 6 lies past the maximum
            ([], 137, 1.37),
        ] as [([Double], Double, Double)]
    )
    func pinchSnaps(stops: [Double], spread: Double, expected: Double) throws {
        let engine = try tileCanvas()
        try engine.setZoomSettings(zoomSettings(stops: stops))
        let events = engine.pinch(from: 100, through: [spread])
        let change: [ZoomEvent] = expected == 1 ? [] : [.didChange(scale: expected)]
        #expect(events == [.willBegin] + change + [.didEnd(scale: expected)])
        #expect(engine.zoomScale == expected)
    }

    // MARK: Changes underneath

    @Test(
        "When the zoom changes under a pinch in flight, the pinch rebases instead of jumping",
        arguments: [
            (PinchInterruption.reload, 1.0),
            (.hostSetsZoom(3), 3),
            (.twoFingerTap, 1),
            (.narrowedMaximum(1.5), 1.5),
        ]
    )
    func rebaseWhenChangedUnderneath(interruption: PinchInterruption, zoom: Double) throws {
        let engine = try tileCanvas()
        var fingers = Fingers()
        _ = engine.handlePinch(fingers.move(spread: 100))
        #expect(engine.handlePinch(fingers.move(spread: 200)) == [.didChange(scale: 2)])

        let events: [ZoomEvent]
        switch interruption {
        case .reload:
            events = try engine.setItems(sizes: [Size](repeating: size(100, 100), count: 100))
            try engine.resolve()
        case .hostSetsZoom(let scale):
            events = try engine.setZoom(scale)
        case .twoFingerTap:
            events = engine.twoFingerTap()
        case .narrowedMaximum(let maximum):
            events = try engine.setZoomSettings(zoomSettings(maximum: maximum))
        }
        #expect(events == [.didChange(scale: zoom)])

        // The fingers have not moved: nothing happens, no jump back towards 2.
        #expect(engine.handlePinch(fingers.move(spread: 200)) == [])
        #expect(engine.zoomScale == zoom)
        // From here the ratio counts from the recognizer scale at the change (2): 150 is 0.75 of it.
        #expect(engine.handlePinch(fingers.move(spread: 150)) == [.didChange(scale: zoom * 0.75)])
        #expect(engine.handlePinch(fingers.lift()) == [.didEnd(scale: zoom * 0.75)])
    }

    // MARK: Anchoring

    @Test(
        "A step keeps the content under the fingers still on zoomed axes, then clamps; other axes keep their offset",
        arguments: [
            // From (400, 450) with the fingers at (50, 20): content (450, 470), doubled to (900, 940).
            (ZoomAxis.both, point(400, 450), point(50, 20), 200.0, point(850, 920)),
            (.horizontal, point(400, 450), point(50, 20), 200, point(850, 450)),
            (.vertical, point(400, 450), point(50, 20), 200, point(400, 920)),
            // From (800, 900) with the fingers at (100, 50): (900, 950) halves to (450, 475), so
            // (350, 425), past the largest offset of a 500-point side (300 and 400).
            (.both, point(800, 900), point(100, 50), 50, point(300, 400)),
            (.horizontal, point(800, 900), point(100, 50), 50, point(300, 900)),
            (.vertical, point(800, 900), point(100, 50), 50, point(800, 400)),
            // From (10, 5) with the fingers at (190, 95): (200, 100) halves to (100, 50): (−90, −45).
            (.both, point(10, 5), point(190, 95), 50, point(0, 0)),
            (.horizontal, point(10, 5), point(190, 95), 50, point(0, 5)),
            (.vertical, point(10, 5), point(190, 95), 50, point(10, 0)),
        ]
    )
    func anchoring(axis: ZoomAxis, start: Point, location: Point, spread: Double, expected: Point) throws {
        let engine = try tileCanvas()
        try engine.setZoomSettings(zoomSettings(axis: axis))
        engine.setViewportOffset(start)
        #expect(engine.viewport.offset == start)
        engine.pinch(from: 100, through: [spread], at: location)
        expectClose(engine.viewport.offset, expected)
    }

    @Test("Across several steps the content point under the fingers stays under them")
    func anchoringAcrossSteps() throws {
        let engine = try tileCanvas()
        try engine.setZoomSettings(zoomSettings(axis: .both))
        engine.setViewportOffset(point(400, 450))
        var fingers = Fingers(at: point(50, 20))
        _ = engine.handlePinch(fingers.move(spread: 100))
        // The content point (450, 470) stays at (50, 20): offset = 450 · zoom − 50, 470 · zoom − 20.
        for (spread, offset) in [(150.0, point(625, 685)), (200, point(850, 920)), (120, point(490, 544))] {
            _ = engine.handlePinch(fingers.move(spread: spread))
            expectClose(engine.viewport.offset, offset, tolerance: 1e-6, "at spread \(spread)")
        }
    }

    // MARK: Whole points

    @Test(
        "After a pinch every frame and the content size are whole points on zoomed axes",
        arguments: [
            // 33.3 · 1.37 = 45.621 → 46; 40.7 · 1.37 = 55.759 → 56; 21.1 · 1.37 = 28.907 → 29; 61.8 · 1.37 = 84.666 → 85
            // 10.5 · 1.37 = 14.385 → 14; 12.25 · 1.37 = 16.7825 → 17; 5.2 · 1.37 = 7.124 → 7; 17.45 · 1.37 = 23.9 → 24
            (ZoomAxis.horizontal, [rect(0, 0, 46, 10.5), rect(56, 12.25, 29, 5.2)], size(85, 17.45)),
            (.vertical, [rect(0, 0, 33.3, 14), rect(40.7, 17, 21.1, 7)], size(61.8, 24)),
            (.both, [rect(0, 0, 46, 14), rect(56, 17, 29, 7)], size(85, 24)),
        ]
    )
    func wholePoints(axis: ZoomAxis, expected: [Rect], content: Size) throws {
        let engine = CanvasEngine()
        try engine.setItems(sizes: fractionalFrames.map(\.size))
        engine.setLayout(StubLayout.returning(fractionalFrames))
        try engine.resolve()
        try engine.setZoomSettings(zoomSettings(axis: axis))
        engine.pinch(from: 100, through: [137])
        #expect(engine.zoomScale == 1.37)
        expectClose(engine.frames, expected)
        expectClose(engine.contentSize, content)
    }

    // MARK: Callbacks

    @Test("The callbacks come in order: willBegin, a didChange per change, didEnd")
    func callbackOrder() throws {
        let engine = try tileCanvas()
        var fingers = Fingers()
        var events: [ZoomEvent] = []
        events += engine.handlePinch(fingers.move(spread: 100))
        #expect(engine.isPinching)
        for spread in [150.0, 150, 200, 250] {
            events += engine.handlePinch(fingers.move(spread: spread))
        }
        #expect(engine.isPinching)
        events += engine.handlePinch(fingers.lift())
        #expect(engine.isPinching == false)
        #expect(events == [.willBegin, .didChange(scale: 1.5), .didChange(scale: 2), .didChange(scale: 2.5), .didEnd(scale: 2.5)])
    }

    @Test("Ended, cancelled and failed all report the end", arguments: [PinchPhase.ended, .cancelled, .failed])
    func everyEndReports(phase: PinchPhase) throws {
        let engine = try tileCanvas()
        var fingers = Fingers()
        _ = engine.handlePinch(fingers.move(spread: 100))
        _ = engine.handlePinch(fingers.move(spread: 200))
        let end = fingers.lift(phase)
        #expect(end.phase == phase)
        #expect(engine.handlePinch(end) == [.didEnd(scale: 2)])
        #expect(engine.isPinching == false)
        // A second end has no pinch to end.
        #expect(engine.handlePinch(end) == [])
    }

    @Test("Without a began, changes and ends report nothing")
    func nothingWithoutBegan() throws {
        let engine = try tileCanvas()
        #expect(engine.handlePinch(PinchEvent(phase: .changed, scale: 2, touches: 2, location: point(100, 50))) == [])
        #expect(engine.handlePinch(PinchEvent(phase: .ended, scale: 2, touches: 2, location: point(100, 50))) == [])
        #expect(engine.zoomScale == 1)
    }

    @Test("With the pinch disabled nothing is reported and nothing zooms")
    func pinchDisabled() throws {
        let engine = try tileCanvas()
        try engine.setZoomSettings(zoomSettings(pinchEnabled: false))
        #expect(engine.pinch(from: 100, through: [200, 300]) == [])
        #expect(engine.zoomScale == 1)
        #expect(engine.isPinching == false)
    }

    // MARK: The engine's own recognizer

    @Test("handleTouches runs the engine's own recognizer: two fingers begin, spreading zooms, lifting ends")
    func handleTouches() throws {
        let engine = try tileCanvas()
        let fingers = Fingers()
        #expect(engine.handleTouches(fingers.positions(spread: 100)) == [.willBegin])
        #expect(engine.handleTouches(fingers.positions(spread: 200)) == [.didChange(scale: 2)])
        #expect(engine.handleTouches(fingers.positions(spread: 200)) == [])
        #expect(engine.handleTouches([point(100, 50)]) == [.didEnd(scale: 2)])
        #expect(engine.handleTouches([]) == [])

        // A second gesture starts from 2.
        #expect(engine.handleTouches(fingers.positions(spread: 100)) == [.willBegin])
        #expect(engine.handleTouches(fingers.positions(spread: 200)) == [.didChange(scale: 4)])
        #expect(engine.handleTouches([]) == [.didEnd(scale: 4)])

        // Three fingers work too.
        let three = Fingers(count: 3)
        #expect(engine.handleTouches(three.positions(spread: 200)) == [.willBegin])
        _ = engine.handleTouches(three.positions(spread: 100))
        expectClose(engine.zoomScale, 2)
        _ = engine.handleTouches([])
        #expect(engine.isPinching == false)
    }

    @Test("A finger landing or lifting mid-pinch never zooms by itself: the recognizer rebases on a new finger count")
    func strayFinger() throws {
        let engine = try tileCanvas()
        let still = [point(50, 50), point(150, 50)]
        #expect(engine.handleTouches(still) == [.willBegin])
        #expect(engine.handleTouches(still + [point(100, 90)]) == [])   // a third finger lands off-center
        #expect(engine.handleTouches(still) == [])                      // ... and lifts
        #expect(engine.zoomScale == 1)
        // Movement after a change counts from where the scale was.
        #expect(engine.handleTouches([point(0, 50), point(200, 50)]) == [.didChange(scale: 2)])
        #expect(engine.handleTouches([point(0, 50), point(200, 50), point(100, 50)]) == [])
        _ = engine.handleTouches([point(-100, 50), point(300, 50), point(100, 50)])
        expectClose(engine.zoomScale, 4)
        #expect(engine.handleTouches([point(-100, 50), point(300, 50)]) == [])
        expectClose(engine.zoomScale, 4)
    }

    @Test("Randomized: with still fingers, any sequence of landing and lifting keeps the zoom")
    func strayFingersRandomized() throws {
        var random = SplitMix64(seed: 12)
        for _ in 0..<200 {
            let engine = try tileCanvas()
            let fingers = (0..<5).map { _ in point(random.uniform(0, 200), random.uniform(0, 100)) }
            var events: [ZoomEvent] = []
            for _ in 0..<8 {
                let count = 2 + random.below(4)
                events += engine.handleTouches(Array(fingers.prefix(count)))
            }
            #expect(events.allSatisfy { if case .didChange = $0 { false } else { true } }, "\(fingers)")
            #expect(engine.zoomScale == 1)
        }
    }
}

@Suite("Pinch recognizer model")
struct PinchRecognizerModelTests {
    @Test("Its scale is cumulative since the gesture began, not per update")
    func cumulative() {
        var recognizer = PinchRecognizerModel()
        let fingers = Fingers()
        let began = recognizer.move(to: fingers.positions(spread: 100))
        #expect(began == PinchEvent(phase: .began, scale: 1, touches: 2, location: point(100, 50)))
        #expect(recognizer.move(to: fingers.positions(spread: 150))?.scale == 1.5)
        #expect(recognizer.move(to: fingers.positions(spread: 200))?.scale == 2)
        #expect(recognizer.move(to: fingers.positions(spread: 50))?.phase == .changed)
        #expect(recognizer.scale == 0.5)
    }

    @Test("Writing scale rebases: the current spread reads as the value written")
    func writingRebases() {
        var recognizer = PinchRecognizerModel()
        let fingers = Fingers()
        _ = recognizer.move(to: fingers.positions(spread: 100))
        _ = recognizer.move(to: fingers.positions(spread: 200))
        #expect(recognizer.scale == 2)
        recognizer.scale = 1
        #expect(recognizer.scale == 1)
        #expect(recognizer.move(to: fingers.positions(spread: 300))?.scale == 1.5)  // 300 / 200
        recognizer.scale = 3
        #expect(recognizer.move(to: fingers.positions(spread: 400))?.scale == 4)  // 3 · 400 / 300
    }

    @Test("One finger reports nothing; lifting ends once; the next touch begins afresh at 1")
    func phases() {
        var recognizer = PinchRecognizerModel()
        let fingers = Fingers()
        #expect(recognizer.move(to: [point(10, 10)]) == nil)
        #expect(recognizer.touches == 1)
        #expect(recognizer.phase == nil)
        #expect(recognizer.end() == nil)

        _ = recognizer.move(to: fingers.positions(spread: 100))
        _ = recognizer.move(to: fingers.positions(spread: 200))
        #expect(recognizer.end() == PinchEvent(phase: .ended, scale: 2, touches: 2, location: point(100, 50)))
        #expect(recognizer.end() == nil)

        let again = recognizer.move(to: fingers.positions(spread: 300))
        #expect(again?.phase == .began)
        #expect(again?.scale == 1)
        #expect(recognizer.end(.cancelled)?.phase == .cancelled)
    }

    @Test("The location is the fingers' centroid")
    func centroid() {
        var recognizer = PinchRecognizerModel()
        let event = recognizer.move(to: [point(0, 0), point(30, 0), point(0, 60)])
        #expect(event?.location == point(10, 20))
        #expect(event?.touches == 3)
    }

    /// A slow pinch of one point per update from a spread of 100 to 200,
    /// starting at 1 with stops at 0.75, 1, 1.25 and 1.5, fed to a host that
    /// keeps its own zoom as zoom × recognizer.scale and writes
    /// `recognizer.scale = 1` after each step (`alsoAfterRejected`) or only
    /// after accepted ones. Returns the (spread, zoom) changes.
    private func host(alsoAfterRejected: Bool) -> [(spread: Double, zoom: Double)] {
        var recognizer = PinchRecognizerModel()
        let fingers = Fingers()
        var zoom = 1.0
        var changes: [(spread: Double, zoom: Double)] = []
        _ = recognizer.move(to: fingers.positions(spread: 100))
        for spread in stride(from: 101.0, through: 200, by: 1) {
            _ = recognizer.move(to: fingers.positions(spread: spread))
            let proposed = stepped.snap(stepped.clamp(zoom * recognizer.scale))
            if proposed != zoom {
                zoom = proposed
                changes.append((spread, zoom))
                recognizer.scale = 1
            } else if alsoAfterRejected {
                recognizer.scale = 1  // SwiftGridView 1.0: the rejected movement is thrown away
            }
        }
        return changes
    }

    @Test("A host that writes scale = 1 after every rejected step stays wedged on a stop")
    func wedgedHost() {
        // Each update is under +1%: 1.0099 snaps back to 1, and writing 1 forgets it.
        #expect(host(alsoAfterRejected: true).isEmpty)
    }

    @Test("A host that keeps the rejected movement gets through")
    func unwedgedHost() {
        // 1.13 passes 1.125 → 1.25, then 1.25 · 125 / 113 ≈ 1.383 passes 1.375 → 1.5.
        let changes = host(alsoAfterRejected: false)
        #expect(changes.map(\.spread) == [113, 125])
        #expect(changes.map(\.zoom) == [1.25, 1.5])
    }

    @Test("The engine, which never writes the recognizer's scale, gets through the same pinch")
    func engineGetsThrough() throws {
        let engine = try tileCanvas()
        try engine.setZoomSettings(stepped)
        let fingers = Fingers()
        _ = engine.handleTouches(fingers.positions(spread: 100))
        var reached: [(spread: Double, zoom: Double)] = []
        for spread in stride(from: 101.0, through: 200, by: 1) {
            for zoom in changes(engine.handleTouches(fingers.positions(spread: spread))) {
                reached.append((spread, zoom))
            }
        }
        // The proposal is 1 · spread / 100: past 1.125 at 113, past 1.375 at 138.
        #expect(reached.map(\.spread) == [113, 138])
        #expect(reached.map(\.zoom) == [1.25, 1.5])
    }
}
