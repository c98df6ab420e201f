// swift-tools-version:6.0
// A Swift program that uses Canvas as a package dependency would: the
// CanvasCore product, by path here (a URL with a version works the same).
import PackageDescription

let package = Package(
    name: "staircase",
    dependencies: [.package(name: "Canvas", path: "../..")],
    targets: [
        .executableTarget(
            name: "staircase",
            dependencies: [.product(name: "CanvasCore", package: "Canvas")]
        ),
    ]
)
