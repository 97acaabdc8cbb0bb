//go:build race

package zerologsanitize

// raceEnabled is true when the race detector is on: it changes what
// escapes to the heap, so allocation counts are not checked then.
const raceEnabled = true
