//go:build !purego

package sanitize

import (
	"os"
	"strings"
	"testing"
)

// TestKernelDetection holds what CPUID and XGETBV told the package to
// what the Linux kernel tells of the same processor, which it worked out
// for itself: a flag in /proc/cpuinfo is there only when the processor has
// the feature and the kernel saves its registers.
func TestKernelDetection(t *testing.T) {
	info, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Skip("no /proc/cpuinfo:", err)
	}
	var flags map[string]bool
	for _, line := range strings.Split(string(info), "\n") {
		if name, value, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(name) == "flags" {
			flags = map[string]bool{}
			for _, f := range strings.Fields(value) {
				flags[f] = true
			}
			break
		}
	}
	if flags == nil {
		t.Skip("no flags in /proc/cpuinfo")
	}
	if want := flags["avx"] && flags["avx2"]; haveVec != want {
		t.Errorf("haveVec = %v; /proc/cpuinfo says avx %v, avx2 %v", haveVec, flags["avx"], flags["avx2"])
	}
	wide := []string{"avx512f", "avx512bw", "avx512vbmi", "avx512_vbmi2", "bmi1", "bmi2", "popcnt"}
	want := haveVec && !narrowOnly
	for _, f := range wide {
		want = want && flags[f]
	}
	if haveWide != want {
		t.Errorf("haveWide = %v; /proc/cpuinfo has %v of %v", haveWide, func() (has []string) {
			for _, f := range wide {
				if flags[f] {
					has = append(has, f)
				}
			}
			return has
		}(), wide)
	}
	t.Logf("haveVec %v, haveWide %v", haveVec, haveWide)
}
