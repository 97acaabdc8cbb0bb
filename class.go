package sanitize

// A Class is a set of characters that [Escape] can escape. Classes combine
// with |.
type Class uint16

const (
	// Controls is C0 (U+0000–U+001F), DEL (U+007F) and C1
	// (U+0080–U+009F). [Escape] escapes it unless told otherwise.
	Controls Class = 1 << iota
)

// set is the compiled answer to "is this character escaped?".
type set struct {
	ascii [0x80]bool // for U+0000..U+007F, with every option applied
	class Class
	allow []rune // non-ASCII characters let through
}

func newSet(c config) set {
	s := set{allow: c.allow}
	if !c.noControls {
		s.class = Controls
	}
	for b := range s.ascii {
		s.ascii[b] = s.class.contains(rune(b)) && !s.allowed(rune(b))
	}
	return s
}

func (s *set) allowed(r rune) bool {
	for _, a := range s.allow {
		if a == r {
			return true
		}
	}
	return false
}

// contains reports whether r is escaped.
func (s *set) contains(r rune) bool {
	if r < 0x80 {
		return s.ascii[r]
	}
	return s.class.contains(r) && !s.allowed(r)
}

// contains reports whether r belongs to c.
func (c Class) contains(r rune) bool {
	switch {
	case c&Controls != 0 && (r < 0x20 || 0x7F <= r && r <= 0x9F):
		return true
	}
	return false
}
