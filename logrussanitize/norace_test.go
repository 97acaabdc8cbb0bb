//go:build !race

package logrussanitize

const raceEnabled = false
