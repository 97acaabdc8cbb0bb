package main

import (
	"io"
	"os"
	"path/filepath"

	"github.com/utf8tools/sanitize"
)

// rewrite sanitizes the file name in place, as gofmt -w does: into a
// temporary file in the same directory, with the file's mode, then renamed
// over it, so that a failure at any step leaves the original as it was.
// A symbolic link is followed, and stays a link.
func rewrite(name string, opts []sanitize.Option) (err error) {
	target, err := filepath.EvalSymlinks(name)
	if err != nil {
		return err
	}
	in, err := os.Open(target)
	if err != nil {
		return err
	}
	defer in.Close()
	fi, err := in.Stat()
	if err != nil {
		return err
	}
	tmp, err := createTemp(filepath.Dir(target), "."+filepath.Base(target)+".utf8sanitize-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = io.Copy(tmp, sanitize.NewReader(in, opts...)); err != nil {
		return fileError(name, err)
	}
	if err = tmp.Chmod(fi.Mode()); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	return rename(tmp.Name(), target)
}

// createTemp and rename are variables so that tests can make them fail.
var (
	createTemp = os.CreateTemp
	rename     = os.Rename
)
