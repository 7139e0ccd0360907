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

  @Test("rotate is applied first: the scale then grows the turned view about the centre of its frame")
  func rotateFirst() {
    // Turned 90° about the top-left corner, the corner stays; scaling by 2 about the frame's centre (the origin,
    // which a turn does not move) then takes it to (-100, -50), and translate moves everything 40 across.
    let pose = InertiaAnimationValues(scale: 2, translate: .init(width: 0.1, height: 0), rotate: 90)
    #expect(isClose(place(pose, Self.topLeft), .init(x: -100 + 40, y: -50)))
    // Scaling first would have moved the corner before turning it about itself: (-100, -50) turned about
    // (-50, -25) is (-25, -75).
    #expect(!isClose(place(pose, Self.topLeft), .init(x: -25 + 40, y: -75)))
    let steps = InertiaPoseComposition.viewSteps(for: pose, viewSize: Self.view, containerSize: Self.container)
    #expect(
      steps == [
        .translate(x: 40, y: 0), .scale(2), .rotate(degrees: 0, anchor: .zero),
        .rotate(degrees: 90, anchor: Self.topLeft),
      ])
  }

  @Test("A shape's track plays on top of its transforms, about the shape where its transforms put it")
  func shapeTrack() {
    let transforms = InertiaAnimationValues(translate: .init(width: 0.25, height: 0))
    let trackPose = InertiaAnimationValues(scale: 2, translate: .init(width: 0, height: 0.1))
    let steps = InertiaPoseComposition.shapeSteps(
      transforms: transforms, trackPose: trackPose, width: 50, height: 50, unit: 100)
    let transform = InertiaPoseComposition.transform(steps)
    #expect(isClose(transform.apply(to: .zero), .init(x: 25, y: 10)))
    #expect(isClose(transform.apply(to: .init(x: 25, y: 25)), .init(x: 75, y: 60)))
    let still = InertiaPoseComposition.shapeSteps(
      transforms: transforms, trackPose: nil, width: 50, height: 50, unit: 100)
    #expect(isClose(InertiaPoseComposition.transform(still).apply(to: .zero), .init(x: 25, y: 0)))
  }

  @Test("Circle and square take the smaller side; rectangle, oval and triangle fill the box")
  func outlines() {
    func geometry(_ type: InertiaShapeType) -> InertiaShapeGeometry {
      InertiaShapeGeometry(InertiaShapeDescription(id: "d", type: type, width: 0.6, height: 0.4))
    }
    #expect(geometry(.circle).outline == .ellipse(width: 0.4, height: 0.4))
    #expect(geometry(.oval).outline == .ellipse(width: 0.6, height: 0.4))
    #expect(geometry(.square).outline == .rectangle(width: 0.4, height: 0.4))
    #expect(geometry(.rectangle).outline == .rectangle(width: 0.6, height: 0.4))
    #expect(
      geometry(.triangle).outline == .polygon([.init(x: 0, y: -0.2), .init(x: 0.3, y: 0.2), .init(x: -0.3, y: 0.2)]))
    #expect(geometry(.circle).drawsNothing)
  }

  @Test("The stroke is held at half the smaller side, and drawn only with a colour and a positive width")
  func stroke() {
    let white = InertiaColour(red: 1, green: 1, blue: 1, alpha: 1)
    let wide = InertiaShapeGeometry(
      InertiaShapeDescription(id: "d", type: .rectangle, width: 0.6, height: 0.4, stroke: white, strokeWidth: 0.5))
    #expect(wide.strokeWidth == 0.2)
    #expect(wide.stroke == white)
    #expect(!wide.drawsNothing)
    let noColour = InertiaShapeGeometry(
      InertiaShapeDescription(id: "d", type: .rectangle, width: 0.6, height: 0.4, strokeWidth: 0.1))
    #expect(noColour.stroke == nil && noColour.strokeWidth == 0)
    let noWidth = InertiaShapeGeometry(
      InertiaShapeDescription(id: "d", type: .rectangle, width: 0.6, height: 0.4, fill: white, stroke: white))
    #expect(noWidth.stroke == nil && noWidth.fill == white)
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
