//go:build !purego && sanitize_narrow

package sanitize

// narrowOnly keeps the kernels to AVX2 on a processor with AVX-512, so
// that those most processors run can be measured on one that has both:
// go test -tags sanitize_narrow -bench . (bench/README.md).
const narrowOnly = true
