package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"time"
)

// runCPU runs the command after "--" (a benchmark binary), its output
// going to this one's, and then prints one line: its wall and CPU seconds
// and, with --pg, the CPU seconds of PostgreSQL's cluster over the same
// time, and what its backends were doing (sampled every 20 ms): where a
// benchmark's time went on either side of the connection.
func runCPU(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("cpu", flag.ContinueOnError)
	pg := fs.String("pg", "", "the PostgreSQL database the command uses, for its cluster's CPU time (optional)")
	limit := fs.Duration("timeout", 5*time.Minute, "the command is killed after this")
	if err := fs.Parse(args); err != nil {
		return err
	}
	cmdArgs := fs.Args()
	if len(cmdArgs) == 0 {
		return errors.New("usage: enginebench cpu [--pg URL] -- COMMAND [ARGS]")
	}
	postmaster, err := postmasterOf(*pg)
	if err != nil {
		return fmt.Errorf("PostgreSQL's CPU time: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), *limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, cmdArgs[0], cmdArgs[1:]...)
	cmd.Stdout, cmd.Stderr = out, os.Stderr
	var stopWaits func() *waitSampler
	if *pg != "" {
		if stopWaits, err = sampleWaits(*pg, 20*time.Millisecond); err != nil {
			return err
		}
	}
	before := sample(nil, postmaster)
	runErr := cmd.Run()
	use := between(before, sample(nil, postmaster))
	if stopWaits != nil {
		defer stopWaits().print(out)
	}
	if cmd.ProcessState == nil {
		return runErr
	}
	self := (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds()
	fmt.Fprintf(out, "cpu: wall %.1f s; CPU s: the command %.1f (%.2f cores), postgres %.1f (%.2f cores), other %.1f; "+
		"postgres's share of the two: %.0f %%\n",
		use.Wall, self, self/use.Wall, use.PG, use.PG/use.Wall, max(0, use.Busy-self-use.PG), 100*use.PG/max(1e-9, self+use.PG))
	return runErr
}
