package main

import (
	"io"
	"runtime"
)

// Reading a file is half the work of copying it through the transformer:
// on a warm 1 GiB log, the kernel's copy from the page cache takes about
// as long as the transformer. A readahead reads the next buffers in a
// goroutine of its own while pump transforms the one before, so that the
// two run on two cores at once. It is used for regular files of
// aheadMin bytes and more where Go runs on more than one processor; a
// pipe or a terminal is read as it comes (onDemand), since a goroutine
// blocked in its Read could not be stopped.
//
// The buffers are large because handing one over costs the goroutines a
// sleep and a wake-up: with 64 KiB, those took more than the overlap
// gained, and the copy took longer than it did without a readahead (four
// buffers of 1 MiB: 0.07 s against 0.11 s on that log, where cat takes
// 0.04 s, on an AMD EPYC). They are not larger than 256 KiB because on an
// Intel Xeon with 2 MiB of L2 a core, buffers of 1 MiB made the copy
// slower than no readahead at all (0.30 s against 0.21 s, cat 0.12 s),
// and those of 128 to 512 KiB took 0.17 s; on the EPYC, 256 KiB were as
// fast as 1 MiB.

const (
	aheadBufs = 4         // buffers: one with pump, the others read ahead
	aheadSize = 256 << 10 // bytes read into each
	aheadRoom = 4 << 10   // room before them for what pump left of the last
	aheadMin  = 2 << 20   // the smallest file read ahead
)

// ahead reports whether a file of size bytes, -1 if not a regular file,
// is worth reading ahead.
func ahead(size int64) bool {
	return size >= aheadMin && runtime.GOMAXPROCS(0) > 1
}

// A chunk is a buffer that the goroutine filled: n bytes from room, and
// the error that ended the input after them, if any.
type chunk struct {
	buf []byte
	n   int
	err error
}

// A readahead is a source that a goroutine fills ahead.
type readahead struct {
	room  int           // bytes before what is read into each buffer
	full  chan chunk    // filled, in order
	free  chan []byte   // to be filled
	done  chan struct{} // closed by close, to stop the goroutine
	ended chan struct{} // closed by the goroutine as it returns
	cur   []byte        // the buffer last given to pump
	carry []byte        // what pump left, while cur goes back
	eof   bool
}

// newReadahead starts reading r ahead into bufs buffers of size bytes,
// each with room bytes before them. r must not block indefinitely, since
// close waits for the Read under way.
func newReadahead(r io.Reader, bufs, size, room int) *readahead {
	a := &readahead{
		room:  room,
		full:  make(chan chunk, bufs),
		free:  make(chan []byte, bufs),
		done:  make(chan struct{}),
		ended: make(chan struct{}),
		carry: make([]byte, 0, room),
	}
	for range bufs {
		a.free <- make([]byte, room+size)
	}
	go a.read(r)
	return a
}

// read fills free buffers from r and passes them on, each full unless it
// is the last, until r ends or fails or close is called.
func (a *readahead) read(r io.Reader) {
	defer close(a.ended)
	for {
		var buf []byte
		select {
		case buf = <-a.free:
		case <-a.done:
			return
		}
		n, err := io.ReadFull(r, buf[a.room:])
		if err == io.ErrUnexpectedEOF {
			err = io.EOF
		}
		select {
		case a.full <- chunk{buf, n, err}:
		case <-a.done:
			return
		}
		if err != nil {
			return
		}
	}
}

func (a *readahead) fill(left []byte) ([]byte, bool, error) {
	if a.eof {
		return left, true, nil
	}
	// left is in cur, which goes back to be filled again.
	a.carry = append(a.carry[:0], left...)
	if a.cur != nil {
		a.free <- a.cur
		a.cur = nil
	}
	c := <-a.full
	a.cur = c.buf
	if c.err != nil && c.err != io.EOF {
		return nil, false, c.err
	}
	a.eof = c.err == io.EOF
	start := a.room - len(a.carry)
	if start < 0 {
		// More left than the room before the bytes: the library's
		// transformers hold back a few bytes at most, so this does not
		// happen with them, but pump does not depend on it.
		return append(a.carry, c.buf[a.room:a.room+c.n]...), a.eof, nil
	}
	copy(c.buf[start:], a.carry)
	return c.buf[start : a.room+c.n], a.eof, nil
}

// close stops the goroutine and waits for it to return, so that the file
// can be closed.
func (a *readahead) close() {
	close(a.done)
	<-a.ended
}
