package main

import (
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"syscall"
)

// open opens a file to read it once, from the start, with plain system
// calls. os.Open would make the descriptor non-blocking, offer it to the
// network poller, which refuses a regular file, and make it blocking
// again, and os.NewFile would ask whether it is: on a walk over 11,000
// files, a syscall or more for each, where the work itself is two reads.
func open(name string) (file, error) { return openAt(atFDCWD, name, name) }

// atFDCWD is AT_FDCWD, which package syscall does not export on Linux:
// relative to the working directory.
const atFDCWD = -0x64

// openIn opens the file base in d, or name when d is nil: relative to its
// directory, the kernel looks up one name rather than a whole path.
func openIn(d *dirRef, base, name string) (file, error) {
	if d == nil {
		return open(name)
	}
	return openAt(d.fd, base, name)
}

// openAt opens path relative to the directory dirfd; name is what errors
// call it.
func openAt(dirfd int, path, name string) (file, error) {
	for {
		fd, err := syscall.Openat(dirfd, path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return nil, &fs.PathError{Op: "open", Path: name, Err: err}
		}
		return &fdFile{fd: fd, name: name}, nil
	}
}

// fdFile reads a descriptor, as os.File does but for the poller.
type fdFile struct {
	fd   int
	name string
}

func (f *fdFile) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for {
		n, err := syscall.Read(f.fd, p)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return 0, &fs.PathError{Op: "read", Path: f.name, Err: err}
		case n == 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

func (f *fdFile) Close() error { return syscall.Close(f.fd) }

// size returns the size of a regular file, or -1.
func (f *fdFile) size() int64 {
	var st syscall.Stat_t
	if syscall.Fstat(f.fd, &st) != nil || st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return -1
	}
	return st.Size
}

// A dirRef is a directory held open for the files in it to be opened
// relative to it, and closed when the last of them is done with it. A nil
// *dirRef holds nothing.
type dirRef struct {
	f    *os.File // which closes fd, when released or collected
	fd   int
	refs atomic.Int32
}

func (d *dirRef) hold() {
	if d != nil {
		d.refs.Add(1)
	}
}

func (d *dirRef) release() {
	if d != nil && d.refs.Add(-1) == 0 {
		d.f.Close()
	}
}

// readDir is os.ReadDir without the poller's system calls (see open). It
// returns the directory held open once, for the caller to release.
func readDir(name string) ([]fs.DirEntry, *dirRef, error) {
	fd, err := syscall.Open(name, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_DIRECTORY, 0)
	if err != nil {
		return nil, nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	d := &dirRef{f: os.NewFile(uintptr(fd), name), fd: fd}
	d.refs.Store(1)
	entries, err := d.f.ReadDir(-1)
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, d, err
}

// Seek sets the offset of the next Read.
func (f *fdFile) Seek(offset int64, whence int) (int64, error) {
	off, err := syscall.Seek(f.fd, offset, whence)
	if err != nil {
		return 0, &fs.PathError{Op: "seek", Path: f.name, Err: err}
	}
	return off, nil
}
