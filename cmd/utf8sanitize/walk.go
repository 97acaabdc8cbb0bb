package main

import (
	"fmt"
	"io"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
)

// walk yields the files that args name, in order: a file as it is, "-"
// for standard input, and each regular file under a directory, in
// lexical order as filepath.WalkDir goes, without following symbolic links
// and skipping .git directories. An error comes with the name it is about.
func walk(args []string) iter.Seq2[string, error] {
	return func(yield func(string, error) bool) {
		for _, arg := range args {
			if arg == "-" {
				if !yield(arg, nil) {
					return
				}
				continue
			}
			fi, err := os.Stat(arg)
			if err != nil || !fi.IsDir() {
				// Open reports the error, or reads what is there: a file,
				// a named pipe, a link to one.
				if !yield(arg, nil) {
					return
				}
				continue
			}
			stop := false
			filepath.WalkDir(arg, func(path string, d fs.DirEntry, err error) error {
				switch {
				case err != nil:
					stop = !yield(path, err)
				case d.IsDir() && d.Name() == ".git" && path != arg:
					return filepath.SkipDir
				case d.Type().IsRegular():
					stop = !yield(path, nil)
				}
				if stop {
					return filepath.SkipAll
				}
				return nil
			})
			if stop {
				return
			}
		}
	}
}

// A job is one file on its way through the gate.
type job struct {
	name string
	err  error // from the walk
	res  *result
	done chan struct{}
}

// run checks the files that args name, jobs at a time, and reports on
// them in the order of the walk, whatever finishes first.
func (g *gate) run(args []string, stdin io.Reader, stdout, stderr, diag io.Writer) int {
	if len(args) == 0 {
		args = []string{"-"}
	}
	if g.mode == writing {
		for _, a := range args {
			if a == "-" {
				fmt.Fprintf(diag, "utf8sanitize: -w cannot rewrite standard input: name the files\n")
				fmt.Fprintf(diag, "run 'utf8sanitize -h' for usage\n")
				return failure
			}
		}
	}
	// The printer takes the jobs in order; at most 2×jobs wait for it, so
	// memory stays bounded however many files there are.
	queue := make(chan *job, 2*g.jobs)
	work := make(chan *job)
	go func() {
		defer close(queue)
		defer close(work)
		for name, err := range walk(args) {
			j := &job{name: name, err: err, done: make(chan struct{})}
			queue <- j
			if err != nil {
				close(j.done)
				continue
			}
			work <- j
		}
	}()
	for range g.jobs {
		go func() {
			for j := range work {
				j.res = g.check(j.name, stdin, stderr)
				close(j.done)
			}
		}()
	}
	out := newReport(g.format, stdout)
	status, skipped := ok, 0
	for j := range queue {
		<-j.done
		res := j.res
		if j.err != nil {
			res = &result{name: j.name, err: j.err}
		}
		switch {
		case res.err != nil:
			fmt.Fprintf(diag, "utf8sanitize: %v\n", res.err)
		case res.binary:
			skipped++
			if g.verbose {
				fmt.Fprintf(diag, "utf8sanitize: skipped binary file %s\n", res.name)
			}
		case g.list && len(res.findings) > 0:
			fmt.Fprintf(stdout, "%s\n", safe(res.name))
		case g.mode == checking:
			out.file(res)
		}
		status = max(status, g.status(res))
	}
	if err := out.end(); err != nil {
		fmt.Fprintf(diag, "utf8sanitize: %v\n", err)
		status = failure
	}
	if skipped > 0 {
		fmt.Fprintln(diag, describeSkipped(skipped))
	}
	return status
}
