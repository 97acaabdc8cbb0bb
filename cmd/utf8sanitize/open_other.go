//go:build !linux

package main

import (
	"io/fs"
	"os"
)

// A dirRef holds nothing here: files are opened by their path.
// (open_linux.go says why Linux opens them otherwise.)
type dirRef struct{}

func (d *dirRef) hold()    {}
func (d *dirRef) release() {}

// readDir reads a directory, sorted by name.
func readDir(name string) ([]fs.DirEntry, *dirRef, error) {
	entries, err := os.ReadDir(name)
	return entries, nil, err
}

// openIn opens the file name.
func openIn(d *dirRef, base, name string) (file, error) { return open(name) }

// open opens a file to read it.
func open(name string) (file, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	return osFile{f}, nil
}

type osFile struct{ *os.File }

// size returns the size of a regular file, or -1.
func (f osFile) size() int64 {
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		return fi.Size()
	}
	return -1
}
