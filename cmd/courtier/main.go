// Command courtier is the insurance broker's one binary: the website
// (serve) and the operators' tools.
package main

import (
	"os"

	"courtier/pkg/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:]))
}
