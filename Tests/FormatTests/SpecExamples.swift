import InertiaFormat
import TestSupport

/// The spec's two documented examples, written as value literals that mirror its JSON exactly: integers as
/// `.int`, fractions as `.float64`, keys in the order shown. Their canonical MessagePack bytes are what the
/// editor writes.
enum SpecExamples {
  // MARK: animation.inertia, as JSON

  static let card0Keyframe1: MessagePackValue = [
    "id": "1A9DA10A-9E90-49B6-943B-D10756FA3C2C",
    "duration": 0,
    "values": [
      "scale": 1,
      "translate": [-0.648, -0.003],
      "rotate": 0,
      "rotateCenter": 0,
      "opacity": 1,
    ],
  ]

  static let card0Keyframe2: MessagePackValue = [
    "id": "F5F9E292-E987-442C-89CC-C2CB09B56971",
    "duration": 3,
    "values": [
      "scale": 1,
      "translate": [0.008, -0.012],
      "rotate": 0,
      "rotateCenter": 0,
      "opacity": 1,
    ],
  ]

  static let animationFile: MessagePackValue = [
    [
      "id": "card0",
      "invokeType": "trigger",
      "initialValues": [
        "scale": 1,
        "translate": [0, 0],
        "rotate": 0,
        "rotateCenter": 0,
        "opacity": 1,
      ],
      "keyframes": [card0Keyframe1, card0Keyframe2],
    ]
  ]

  static let animationFileTyped = [
    InertiaAnimation(
      id: "card0",
      initialValues: InertiaAnimationValues(scale: 1, translate: .zero, rotate: 0, rotateCenter: 0, opacity: 1),
      invokeType: .trigger,
      keyframes: [
        InertiaAnimationKeyframe(
          id: "1A9DA10A-9E90-49B6-943B-D10756FA3C2C",
          values: InertiaAnimationValues(translate: .init(width: -0.648, height: -0.003)),
          duration: 0),
        InertiaAnimationKeyframe(
          id: "F5F9E292-E987-442C-89CC-C2CB09B56971",
          values: InertiaAnimationValues(translate: .init(width: 0.008, height: -0.012)),
          duration: 3),
      ])
  ]

  // MARK: A circle drawn behind card0, with a smaller one inside it

  static let innerCircle: MessagePackValue = [
    "id": "9D2E4A17-88C0-4F3B-B5A9-0C6E1D7F2A38",
    "zIndex": 0,
    "shape": [
      "id": "C3B6E5D4-2A19-4870-9FE1-5B4C8D3A2E60",
      "type": "circle",
      "width": 0.3,
      "height": 0.3,
      "fill": ["red": 1, "green": 1, "blue": 1, "alpha": 1],
    ],
  ]

  static let outerCircle: MessagePackValue = [
    "id": "B4E1C0F2-6C3E-4B0E-9E2C-6A0F1D2E3F44",
    "zIndex": 0,
    "position": "bottom",
    "ownCanvas": false,
    "transforms": ["scale": 1, "translate": [0.25, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1],
    "shape": [
      "id": "1F7A9C55-1D2B-4E6A-8C1F-7B3D9E0A5C21",
      "type": "circle",
      "width": 0.5,
      "height": 0.5,
      "fill": ["red": 0.33, "green": 0.35, "blue": 0.86, "alpha": 1],
      "strokeWidth": 0,
    ],
    "shapes": [innerCircle],
  ]

  static let circleAnimation: MessagePackValue = [
    "id": "card0",
    "invokeType": "auto",
    "initialValues": ["scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1],
    "keyframes": [],
    "shapes": [outerCircle],
  ]

  static let circleAnimationTyped = InertiaAnimation(
    id: "card0",
    initialValues: .identity,
    invokeType: .auto,
    keyframes: [],
    shapes: [
      InertiaShape(
        id: "B4E1C0F2-6C3E-4B0E-9E2C-6A0F1D2E3F44",
        shape: InertiaShapeDescription(
          id: "1F7A9C55-1D2B-4E6A-8C1F-7B3D9E0A5C21", type: .circle, width: 0.5, height: 0.5,
          fill: InertiaColour(red: 0.33, green: 0.35, blue: 0.86, alpha: 1), strokeWidth: 0),
        zIndex: 0,
        position: .bottom,
        ownCanvas: false,
        transforms: InertiaAnimationValues(translate: .init(width: 0.25, height: 0)),
        shapes: [
          InertiaShape(
            id: "9D2E4A17-88C0-4F3B-B5A9-0C6E1D7F2A38",
            shape: InertiaShapeDescription(
              id: "C3B6E5D4-2A19-4870-9FE1-5B4C8D3A2E60", type: .circle, width: 0.3, height: 0.3,
              fill: InertiaColour(red: 1, green: 1, blue: 1, alpha: 1)))
        ])
    ])
}
