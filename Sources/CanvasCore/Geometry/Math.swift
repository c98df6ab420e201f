#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The standard library has no transcendental functions; the C math library
// is the one outside dependency the core takes, and only for these. No I/O
// comes with it. Zoom damping needs `pow`; motion needs the exponential
// family for deceleration, springs and the smooth zoom path.

/// `base` raised to `exponent`.
@inlinable
func power(_ base: Double, _ exponent: Double) -> Double {
    pow(base, exponent)
}

/// e raised to `x`.
@inlinable
func exponential(_ x: Double) -> Double { exp(x) }

/// The natural logarithm.
@inlinable
func logarithm(_ x: Double) -> Double { log(x) }

@inlinable
func hyperbolicCosine(_ x: Double) -> Double { cosh(x) }

@inlinable
func hyperbolicSine(_ x: Double) -> Double { sinh(x) }

@inlinable
func hyperbolicTangent(_ x: Double) -> Double { tanh(x) }

/// The sine and cosine of `angle` (radians), for layouts that turn a breadth
/// into an angle (the radial tree).
@inlinable
func sinCos(_ angle: Double) -> (sine: Double, cosine: Double) { (sin(angle), cos(angle)) }
