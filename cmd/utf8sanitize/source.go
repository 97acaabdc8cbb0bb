package main

import (
	"io"
)

// A source gives pump the bytes to transform next.
type source interface {
	// fill returns left, the bytes the transformer did not take of those
	// fill returned last, followed by more of the input, and whether the
	// input ends there; or the error of a read, which ends the input.
	// The result holds at least one byte more than left unless it ends
	// the input.
	fill(left []byte) (p []byte, eof bool, err error)
	// close releases what the source holds. The source must not be used
	// after it.
	close()
}

// An onDemand source reads each time it is filled, into one buffer.
type onDemand struct {
	r   io.Reader
	buf []byte
}

func (s *onDemand) fill(left []byte) ([]byte, bool, error) {
	n := copy(s.buf, left)
	for {
		m, err := s.r.Read(s.buf[n:])
		switch {
		case err == io.EOF:
			return s.buf[:n+m], true, nil
		case err != nil:
			return nil, false, err
		case m > 0 || n == len(s.buf):
			return s.buf[:n+m], false, nil
		}
	}
}

func (s *onDemand) close() {}
