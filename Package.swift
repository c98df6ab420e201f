// swift-tools-version:6.0
import PackageDescription

// Layers, each depending only downward:
//   CanvasCore  plain Swift engine: geometry, layouts, resolve, index, viewport, zoom
//   Canvas      the C ABI (@c exports declared in include/canvas.h); validates, converts
//   CCanvasLua  the Lua binding, in C, reaching the engine only through canvas.h
//   canvas-lua  the command-line host, shaped like Lua's own lua.c
//
// A Swift package depending on Canvas uses the CanvasCore product: it has no
// unsafe flags (SwiftPM refuses those in a versioned dependency). The unsafe
// linker flags (the version script, the SONAME) stay on libcanvas.so, which a
// Swift dependent does not need. Lua's headers come through the CLua
// system-library target (pkg-config lua5.4); the Lua module includes them as
// <lua5.4/lua.h> when it can (lluaheaders.h), so it is not linked against
// liblua: the interpreter that loads it provides Lua.
let exportsMap = Context.packageDirectory + "/Sources/Canvas/exports.map"

// canvas-lua links Lua in when it is handed Lua as one object
// (CANVAS_LUA_OBJECT, which scripts/build sets from scripts/lua-object) and
// exports Lua's C API to the C modules `require` loads; otherwise it links
// Debian's shared liblua5.4 (pkg-config lua5.4), which runs Lua 8-15% slower.
let luaObject = Context.environment["CANVAS_LUA_OBJECT"].flatMap { $0.isEmpty ? nil : $0 }

let package = Package(
    name: "Canvas",
    products: [
        // The engine for Swift programs: `import CanvasCore`.
        .library(name: "CanvasCore", targets: ["CanvasCore"]),
        // libcanvas.so: the C ABI for C, Python (ctypes) and any FFI.
        .library(name: "canvas", type: .dynamic, targets: ["Canvas", "CanvasSharedLibrary"]),
        // libcanvaslua.so: the Lua module; installed as canvas.so for `require "canvas"`.
        .library(name: "canvaslua", type: .dynamic, targets: ["CCanvasLua"]),
        .executable(name: "canvas-lua", targets: ["canvas-lua"]),
    ],
    targets: [
        .target(name: "CanvasCore"),
        .executableTarget(name: "canvas-bench", dependencies: ["CanvasCore"]),
        // Header-only target so Swift can import the published contract.
        .target(name: "CCanvasHeader", path: "include", publicHeadersPath: "."),
        .target(
            name: "Canvas",
            dependencies: ["CanvasCore", "CCanvasHeader"],
            exclude: ["exports.map"],
            linkerSettings: [
                // Only canvas_* and luaopen_canvas leave the shared objects.
                .unsafeFlags(["-Xlinker", "--version-script=\(exportsMap)"]),
            ]
        ),
        .target(
            name: "CanvasSharedLibrary",
            publicHeadersPath: ".",
            // clang writes DWARF 5, which valgrind 3.19 cannot read; Swift writes 4.
            cSettings: [.unsafeFlags(["-gdwarf-4"])],
            linkerSettings: [.unsafeFlags(["-Xlinker", "-soname=libcanvas.so.1"])]
        ),
        // Lua 5.4, for the programs that embed it (they link liblua5.4).
        .systemLibrary(name: "CLua", pkgConfig: "lua5.4", providers: [.apt(["liblua5.4-dev"])]),
        // -fno-plt: each call into Lua is one indirect call through the GOT instead of a
        // call to a PLT stub that jumps through it; the binding makes about 28 of them
        // an item when a Lua place function runs (canvas-lua, 100,000 items: 2% faster).
        .target(
            name: "CCanvasLua",
            dependencies: ["Canvas", "CCanvasHeader"],
            cSettings: [.unsafeFlags(["-fno-plt"])]
        ),
        .executableTarget(
            name: "canvas-lua",
            dependencies: luaObject == nil ? ["CCanvasLua", "CLua"] : ["CCanvasLua"],
            linkerSettings: [.linkedLibrary("m")]
                + (luaObject.map { [.unsafeFlags(["-Xlinker", $0, "-Xlinker", "--export-dynamic"])] } ?? [])
        ),
        .testTarget(name: "CanvasCoreTests", dependencies: ["CanvasCore"]),
    ]
)

// libFuzzer harnesses, built only by scripts/fuzz: they have no main() of
// their own (libFuzzer supplies it), so they stay out of ordinary builds.
if Context.environment["CANVAS_FUZZ"] != nil {
    package.targets += [
        .executableTarget(
            name: "fuzz-lua",
            dependencies: ["CCanvasLua", "CLua"],
            linkerSettings: [.linkedLibrary("m")]
        ),
        .executableTarget(name: "fuzz-abi", dependencies: ["Canvas", "CCanvasHeader"]),
    ]
    package.products += [
        .executable(name: "fuzz-lua", targets: ["fuzz-lua"]),
        .executable(name: "fuzz-abi", targets: ["fuzz-abi"]),
    ]
}
