//go:build !race

package zapsanitize

const raceEnabled = false
