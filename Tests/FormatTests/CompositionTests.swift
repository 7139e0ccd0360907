import Testing

@testable import InertiaFormat

@Suite("Composition, geometry and draw order")
struct CompositionTests {
  static let view = (width: 100.0, height: 50.0)
  static let container = (width: 400.0, height: 800.0)

  private func place(_ pose: InertiaAnimationValues, _ point: InertiaPoint) -> InertiaPoint {
    InertiaPoseComposition.transform(
      InertiaPoseComposition.viewSteps(for: pose, viewSize: Self.view, containerSize: Self.container)
    ).apply(to: point)
  }

  static let topLeft = InertiaPoint(x: -50, y: -25)

  @Test("A positive angle turns clockwise on screen (y grows downwards), as in SVG and SwiftUI")
  func rotationDirection() {
    #expect(
      isClose(InertiaAffineTransform.rotation(degrees: 90).apply(to: InertiaPoint(x: 1, y: 0)), .init(x: 0, y: 1)))
    let about = InertiaAffineTransform.rotation(degrees: 180, about: .init(x: 1, y: 1))
    #expect(isClose(about.apply(to: .zero), .init(x: 2, y: 2)))
  }

  @Test("translate is a fraction of the container's size")
  func translate() {
    let moved = place(InertiaAnimationValues(translate: .init(width: 0.5, height: 0.25)), .zero)
    #expect(isClose(moved, .init(x: 200, y: 200)))
  }

  @Test("rotate turns about the top-left corner; rotateCenter and scale about the centre")
  func anchors() {
    #expect(isClose(place(InertiaAnimationValues(rotate: 90), Self.topLeft), Self.topLeft))
    // The centre, 50 across and 25 down from the corner, turns clockwise to 25 back and 50 down from it.
    #expect(isClose(place(InertiaAnimationValues(rotate: 90), .zero), .init(x: -75, y: 25)))
    #expect(isClose(place(InertiaAnimationValues(rotateCenter: 90), .zero), .zero))
    #expect(isClose(place(InertiaAnimationValues(rotateCenter: 90), Self.topLeft), .init(x: 25, y: -50)))
    #expect(isClose(place(InertiaAnimationValues(scale: 2), Self.topLeft), .init(x: -100, y: -50)))
  }

  @Test("scale is applied first, then rotate about the frame's top-left corner, rotateCenter, translate")
  func scaleFirst() {
    // The SwiftUI runtime's order (Sources/Inertia/Inertia.swift:1429-1437 at e310d13): `scaleEffect`, then
    // `rotationEffect(…, anchor: .topLeading)`, `rotationEffect(…, anchor: .center)`, `offset`. This library had
    // `rotate` first. Scaled by 2 about the centre the corner goes to (-100, -50); turned 90° about the frame's
    // corner (-50, -25), which a scale does not move, it goes to (-25, -75); translate moves it 40 across.
    let pose = InertiaAnimationValues(scale: 2, translate: .init(width: 0.1, height: 0), rotate: 90)
    #expect(isClose(place(pose, Self.topLeft), .init(x: -25 + 40, y: -75)))
    let steps = InertiaPoseComposition.viewSteps(for: pose, viewSize: Self.view, containerSize: Self.container)
    #expect(
      steps == [
        .translate(x: 40, y: 0), .rotate(degrees: 0, anchor: .zero), .rotate(degrees: 90, anchor: Self.topLeft),
        .scale(2),
      ])
  }

  @Test("transforms place a shape about its holder's origin: scale, then rotate + rotateCenter, then translate")
  func placement() {
    // `placed(_:)`, Sources/Inertia/InertiaShapes.swift:582-607 at e310d13: both angles about the one origin.
    let transforms = InertiaAnimationValues(
      scale: 2, translate: .init(width: 0.25, height: 0), rotate: 60, rotateCenter: 30)
    let transform = InertiaPoseComposition.transform(
      InertiaPoseComposition.placementSteps(for: transforms, unit: 100))
    #expect(isClose(transform.apply(to: .init(x: 10, y: 0)), .init(x: 25, y: 20)))
    // Not finite: the identity (`placement`, 256).
    let broken = InertiaPoseComposition.transform(
      InertiaPoseComposition.placementSteps(for: InertiaAnimationValues(scale: .nan), unit: 100))
    #expect(broken == .identity)
  }

  @Test("A shape's track moves its canvas: translate in the container's size, rotate about the canvas's corner")
  func canvasTrack() {
    // InertiaCanvas.swift:352-359 at e310d13: offset `bounds.mid × unit + translate × containerSize`.
    let box = (minX: 10.0, minY: -20.0, maxX: 50.0, maxY: 0.0)
    let moved = InertiaPoseComposition.transform(
      InertiaPoseComposition.canvasSteps(
        for: InertiaAnimationValues(translate: .init(width: 0.1, height: 0.5)), box: box, containerSize: Self.container)
    )
    #expect(isClose(moved.apply(to: .init(x: 30, y: -10)), .init(x: 70, y: 390)))
    let turned = InertiaPoseComposition.transform(
      InertiaPoseComposition.canvasSteps(
        for: InertiaAnimationValues(rotate: 90), box: box, containerSize: Self.container))
    #expect(isClose(turned.apply(to: .init(x: 10, y: -20)), .init(x: 10, y: -20)))
    let still = InertiaPoseComposition.transform(
      InertiaPoseComposition.canvasSteps(for: .identity, box: box, containerSize: Self.container))
    #expect(isClose(still.apply(to: .init(x: 3, y: 4)), .init(x: 3, y: 4)))
  }

  private func extent(_ points: [InertiaPoint]) -> (width: Double, height: Double) {
    (
      points.map(\.x).max()! - points.map(\.x).min()!, points.map(\.y).max()! - points.map(\.y).min()!
    )
  }

  @Test("Square, circle and triangle are drawn at the longer side; rectangle and oval fill the box")
  func outlines() {
    // `let size = max(width, height)`, Sources/Inertia/InertiaShapes.swift:760-803 at e310d13 (this library
    // took the smaller side, and pointed the triangle up).
    func geometry(_ type: InertiaShapeType) -> InertiaShapeGeometry {
      InertiaShapeGeometry(InertiaShapeDescription(id: "d", type: type, width: 0.6, height: 0.4))
    }
    #expect(
      geometry(.square).outline == [
        .init(x: -0.3, y: -0.3), .init(x: 0.3, y: -0.3), .init(x: 0.3, y: 0.3), .init(x: -0.3, y: 0.3),
      ])
    #expect(geometry(.rectangle).outline.map(\.y).max() == 0.2)
    #expect(geometry(.circle).outline.count == 48 && abs(extent(geometry(.circle).outline).height - 0.6) < 1e-9)
    #expect(abs(extent(geometry(.oval).outline).height - 0.4) < 1e-9)
    let triangle = geometry(.triangle).outline
    let height = 0.6 * 3.0.squareRoot() / 2
    #expect(isClose(triangle[0], .init(x: 0, y: height / 2)))
    // The apex is the lowest point: y grows downwards.
    #expect(triangle.allSatisfy { $0.y <= triangle[0].y } && abs(extent(triangle).width - 0.6) < 1e-9)
    #expect(geometry(.circle).drawsNothing)
    let line = InertiaShapeGeometry(
      InertiaShapeDescription(
        id: "d", type: .circle, width: 0.5, height: 0, fill: .init(red: 1, green: 0, blue: 0, alpha: 1)))
    #expect(!line.drawsNothing)
    let flat = InertiaShapeGeometry(
      InertiaShapeDescription(
        id: "d", type: .oval, width: 0.5, height: 0, fill: .init(red: 1, green: 0, blue: 0, alpha: 1)))
    #expect(flat.drawsNothing)
  }

  @Test("The stroke is inset by min(strokeWidth, min(w, h)/2) of the authored box, with a colour and a width")
  func stroke() {
    // `let inset = min(strokeWidth, min(width, height) / 2)`, InertiaShapes.swift:834 at e310d13.
    let white = InertiaColour(red: 1, green: 1, blue: 1, alpha: 1)
    let wide = InertiaShapeGeometry(
      InertiaShapeDescription(id: "d", type: .rectangle, width: 0.6, height: 0.4, stroke: white, strokeWidth: 0.5))
    #expect(wide.strokeInset == 0.2)
    #expect(wide.stroke == white)
    #expect(!wide.drawsNothing)
    #expect(wide.innerRing.allSatisfy { abs(abs($0.x) - 0.1) < 1e-9 && abs($0.y) < 1e-9 })
    // A square drawn at the longer side keeps the shorter side's clamp: a hollow band, not a solid square.
    let square = InertiaShapeGeometry(
      InertiaShapeDescription(id: "d", type: .square, width: 0.8, height: 0.2, stroke: white, strokeWidth: 1))
    #expect(square.strokeInset == 0.1 && abs(extent(square.innerRing).width - 0.6) < 1e-9)
    let noColour = InertiaShapeGeometry(
      InertiaShapeDescription(id: "d", type: .rectangle, width: 0.6, height: 0.4, strokeWidth: 0.1))
    #expect(noColour.stroke == nil && noColour.strokeInset == 0)
    let noWidth = InertiaShapeGeometry(
      InertiaShapeDescription(id: "d", type: .rectangle, width: 0.6, height: 0.4, fill: white, stroke: white))
    #expect(noWidth.stroke == nil && noWidth.fill == white)
    // A triangle inset past its inradius (size·√3/6) turns its inner ring inside out.
    let triangle = InertiaShapeGeometry(
      InertiaShapeDescription(id: "d", type: .triangle, width: 1, height: 1, stroke: white, strokeWidth: 0.4))
    #expect(triangle.isStrokeInsideOut)
  }

  @Test("Siblings draw by zIndex, ties in file order; position splits the view's shapes behind and over it")
  func drawOrder() {
    let shapes = [
      InertiaShape(id: "a", zIndex: 2), InertiaShape(id: "b", zIndex: 0, position: .top),
      InertiaShape(id: "c", zIndex: 2),
      InertiaShape(id: "d", zIndex: -1), InertiaShape(id: "e", zIndex: 0),
    ]
    #expect(InertiaShape.drawOrder(of: shapes) == [3, 1, 4, 0, 2])
    let animation = InertiaAnimation(
      id: "v", initialValues: .identity, invokeType: .auto, keyframes: [], shapes: shapes)
    #expect(animation.shapesBehindView == [3, 4, 0, 2])
    #expect(animation.shapesOverView == [1])
  }
}
