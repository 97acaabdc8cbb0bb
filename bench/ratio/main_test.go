package main

import "testing"

// The ratio to a floor is taken within each pass, then the median: a pass
// where the whole machine ran slow must not make ours look fast.
func TestRatioWithinPasses(t *testing.T) {
	ps := passes{
		{"Corpus/a/copy": 1000, "Corpus/a/Escape/Transform": 500},
		{"Corpus/a/copy": 4000, "Corpus/a/Escape/Transform": 2000},
		{"Corpus/a/copy": 2000, "Corpus/a/Escape/Transform": 1200},
	}
	if r := ps.ratio("Corpus/a/Escape/Transform", "Corpus/a/copy"); r != 0.5 {
		t.Errorf("ratio = %v, want 0.5", r)
	}
	// The ratio of the medians would say 1200/2000 = 0.6.
	if m := ps.median("Corpus/a/Escape/Transform"); m != 1200 {
		t.Errorf("median = %v, want 1200", m)
	}
	if r := ps.ratio("Corpus/a/missing", "Corpus/a/copy"); r != 0 {
		t.Errorf("ratio of a missing benchmark = %v, want 0", r)
	}
}

func TestFloors(t *testing.T) {
	for rest, want := range map[string]string{
		"Escape/Reader":             "Corpus/c/x/Nop/Reader",
		"Escape/NewReader":          "Corpus/c/read",
		"Escape/NewReader/plain":    "Corpus/c/read",
		"Escape/Transform":          "Corpus/c/copy",
		"Validate/replace/Span":     "Corpus/c/utf8.Valid",
		"Escape/strip/Transform":    "Corpus/c/copy",
		"Validate/replace/Reader":   "Corpus/c/x/Nop/Reader",
		"Validate/escape/Transform": "Corpus/c/copy",
	} {
		if got := floorOf("c", rest); got != want {
			t.Errorf("floorOf(%q) = %q, want %q", rest, got, want)
		}
	}
}

func TestMedian(t *testing.T) {
	for _, tt := range []struct {
		in   []float64
		want float64
	}{{nil, 0}, {[]float64{3}, 3}, {[]float64{3, 1, 2}, 2}, {[]float64{4, 1, 3, 2}, 2.5}} {
		if got := median(tt.in); got != tt.want {
			t.Errorf("median(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
