#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The standard library has no pow; the C math library is the one outside
// dependency the core takes, and only for this. No I/O comes with it.

/// `base` raised to `exponent`.
@inlinable
func power(_ base: Double, _ exponent: Double) -> Double {
    pow(base, exponent)
}
