package main

import (
	"fmt"
	"io"
	"iter"
	"os"
	"path/filepath"
)

// A target is a file to check: its path, and where the walk found it, the
// directory it is in, held open, and its name there.
type target struct {
	path string
	dir  *dirRef // nil for a file named on the command line
	base string
}

// walk yields the files that args name, in order: a file as it is, "-"
// for standard input, and each regular file under a directory, in
// lexical order as filepath.WalkDir goes, without following symbolic links
// and skipping .git directories (the one named excepted). An error comes
// with the name it is about. Each target found in a directory holds it
// open until its consumer calls t.dir.release.
func walk(args []string) iter.Seq2[target, error] {
	return func(yield func(target, error) bool) {
		for _, arg := range args {
			if arg == "-" {
				if !yield(target{path: arg}, nil) {
					return
				}
				continue
			}
			fi, err := os.Stat(arg)
			if err != nil || !fi.IsDir() {
				// Open reports the error, or reads what is there: a file,
				// a named pipe, a link to one.
				if !yield(target{path: arg}, nil) {
					return
				}
				continue
			}
			if !walkDir(arg, yield) {
				return
			}
		}
	}
}

// walkDir yields the regular files under dir as filepath.WalkDir would
// find them, and reports whether to go on. It reads each directory with
// readDir, which costs fewer system calls than os.ReadDir and keeps it
// open, so that each file is opened relative to it: the kernel then looks
// up one name rather than a whole path.
func walkDir(dir string, yield func(target, error) bool) bool {
	entries, d, err := readDir(dir)
	defer d.release()
	if err != nil && !yield(target{path: dir}, err) {
		return false
	}
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		switch {
		case e.IsDir() && e.Name() == ".git":
		case e.IsDir():
			if !walkDir(path, yield) {
				return false
			}
		case e.Type().IsRegular():
			d.hold()
			if !yield(target{path: path, dir: d, base: e.Name()}, nil) {
				return false
			}
		}
	}
	return true
}

// A job is a batch of files on their way through the gate: a batch, so
// that the goroutines hand over a channel message every few dozen small
// files rather than every one.
type job struct {
	targets []target
	errs    []error // from the walk
	res     []*result
	done    chan struct{}
}

// batch is how many files a job holds at most.
const batch = 32

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
	work := make(chan *job, 2*g.jobs)
	go func() {
		defer close(queue)
		defer close(work)
		j := &job{done: make(chan struct{})}
		send := func() {
			queue <- j
			work <- j
			j = &job{done: make(chan struct{})}
		}
		for t, err := range walk(args) {
			j.targets = append(j.targets, t)
			j.errs = append(j.errs, err)
			if len(j.targets) == batch {
				send()
			}
		}
		if len(j.targets) > 0 {
			send()
		}
	}()
	for range g.jobs {
		go func() {
			for j := range work {
				for i, t := range j.targets {
					res := &result{name: t.path, err: j.errs[i]}
					if res.err == nil {
						res = g.check(t, stdin, stderr)
					}
					t.dir.release()
					j.res = append(j.res, res)
				}
				close(j.done)
			}
		}()
	}
	out := newReport(g.format, stdout)
	status, skipped := ok, 0
	for j := range queue {
		<-j.done
		for _, res := range j.res {
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
