import InertiaFormat

/// Where a preview puts things a file does not place: the views in a grid in the container, and the canvas
/// around everything drawn.
enum ContainerLayout {
  /// The space between views, and around the grid.
  static let gap = 16.0

  /// The centres of `count` views laid out in file order, row by row, in a grid centred in the container, as
  /// many to a row as fit. A grid taller than the container runs on below it.
  static func viewCentres(count: Int, options: PreviewOptions) -> [InertiaPoint] {
    guard count > 0 else { return [] }
    let (view, container) = (options.viewSize, options.containerSize)
    let fitting = Int(((container.width - gap) / (view.width + gap)).rounded(.down))
    let columns = max(1, min(count, fitting))
    let rows = (count + columns - 1) / columns
    let gridWidth = Double(columns) * view.width + Double(columns - 1) * gap
    let gridHeight = Double(rows) * view.height + Double(rows - 1) * gap
    let left = (container.width - gridWidth) / 2
    let top = gridHeight > container.height - 2 * gap ? gap : (container.height - gridHeight) / 2
    return (0..<count).map { index in
      InertiaPoint(
        x: left + Double(index % columns) * (view.width + gap) + view.width / 2,
        y: top + Double(index / columns) * (view.height + gap) + view.height / 2)
    }
  }

  /// A rectangle in canvas coordinates.
  struct Bounds {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    var width: Double { maxX - minX }
    var height: Double { maxY - minY }

    mutating func include(_ point: InertiaPoint) {
      guard point.x.isFinite && point.y.isFinite else { return }
      minX = min(minX, point.x)
      minY = min(minY, point.y)
      maxX = max(maxX, point.x)
      maxY = max(maxY, point.y)
    }
  }

  /// The canvas: the container and everything drawn at any sampled moment, with a margin, but no further than a
  /// quarter of the container's size beyond each edge of it (a view or a shape sent further away is cut at the
  /// picture's edge), so the container keeps most of the picture at the widths a page embeds it.
  static func canvas(_ scene: PreviewScene) -> Bounds {
    let container = scene.options.containerSize
    var bounds = Bounds(minX: 0, minY: 0, maxX: container.width, maxY: container.height)
    let view = scene.options.viewSize
    for placed in scene.views {
      let layout = InertiaAffineTransform.translation(x: placed.centre.x, y: placed.centre.y)
      for sample in placed.motion.samples {
        let transform = layout.concatenating(InertiaPoseComposition.transform(sample.steps))
        include(box: (view.width, view.height), transform, in: &bounds)
        for layer in placed.behind + placed.over {
          for canvasSample in layer.motion?.samples ?? [PosedMotion.Sample(time: 0, steps: [], opacity: 1)] {
            let placedCanvas = transform.concatenating(InertiaPoseComposition.transform(canvasSample.steps))
            for shape in layer.shapes { include(shape, placedCanvas, in: &bounds) }
          }
        }
      }
    }
    let margin = gap
    let (across, down) = (container.width / 4, container.height / 4)
    return Bounds(
      minX: max(bounds.minX - margin, -across), minY: max(bounds.minY - margin, -down),
      maxX: min(bounds.maxX + margin, container.width + across),
      maxY: min(bounds.maxY + margin, container.height + down))
  }

  private static func include(
    _ shape: PreviewScene.Shape, _ transform: InertiaAffineTransform, in bounds: inout Bounds
  ) {
    for point in (shape.fill?.ring ?? []) + (shape.stroke?.outer ?? []) + shape.fan.flatMap({ $0.map(\.position) }) {
      bounds.include(transform.apply(to: point))
    }
    for child in shape.children { include(child, transform, in: &bounds) }
  }

  private static func include(
    box: (width: Double, height: Double), _ transform: InertiaAffineTransform, in bounds: inout Bounds
  ) {
    let (x, y) = (box.width / 2, box.height / 2)
    for corner in [(-x, -y), (x, -y), (x, y), (-x, y)] {
      bounds.include(transform.apply(to: InertiaPoint(x: corner.0, y: corner.1)))
    }
  }
}
