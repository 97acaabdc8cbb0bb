//go:build !purego && !sanitize_narrow

package sanitize

// narrowOnly is false: the AVX-512 kernels run where the processor has
// them (vec_narrow.go).
const narrowOnly = false
