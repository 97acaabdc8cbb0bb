//go:build race

package main

// raceEnabled tells tests that measure the heap that the race detector's
// shadow memory would distort the numbers.
const raceEnabled = true
