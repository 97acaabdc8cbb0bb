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
	if want := haveVec && flags["avx512f"] && flags["avx512bw"] && flags["bmi1"]; haveWide != want {
		t.Errorf("haveWide = %v; /proc/cpuinfo says avx512f %v, avx512bw %v, bmi1 %v",
			haveWide, flags["avx512f"], flags["avx512bw"], flags["bmi1"])
	}
	t.Logf("haveVec %v, haveWide %v", haveVec, haveWide)
}
