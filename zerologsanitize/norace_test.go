//go:build !race

package zerologsanitize

const raceEnabled = false
