package app_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// mdLink is a markdown link's target: [text](target).
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestDocsLinksResolve checks that every relative link of the README,
// CONTRIBUTING.md, CHANGELOG.md and docs/*.md names a file of the
// repository, and a heading of it when it names one: the documentation
// moves between files, and a link left behind would send a reader nowhere.
func TestDocsLinksResolve(t *testing.T) {
	root := filepath.Join("..", "..")
	files := []string{"README.md", "CONTRIBUTING.md", "CHANGELOG.md"}
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range docs {
		rel, _ := filepath.Rel(root, d)
		files = append(files, rel)
	}
	checked := 0
	for _, name := range files {
		text, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		for _, target := range linksOf(string(text)) {
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			checked++
			file, anchor, _ := strings.Cut(target, "#")
			path := filepath.Join(root, filepath.Dir(name), file)
			if file == "" {
				path = filepath.Join(root, name)
			}
			body, err := os.ReadFile(path)
			if err != nil {
				if info, statErr := os.Stat(path); statErr == nil && info.IsDir() && anchor == "" {
					continue
				}
				t.Errorf("%s links to %s: no such file", name, target)
				continue
			}
			if anchor != "" && !hasHeading(string(body), anchor) {
				t.Errorf("%s links to %s: no heading %q there", name, target, anchor)
			}
		}
	}
	if checked < 20 {
		t.Fatalf("only %d relative links checked: the reading missed them", checked)
	}
}

// linksOf returns the link targets of a markdown text, fenced code aside.
func linksOf(text string) []string {
	var out []string
	fenced := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced {
			continue
		}
		for _, m := range mdLink.FindAllStringSubmatch(line, -1) {
			out = append(out, m[1])
		}
	}
	return out
}

// hasHeading says whether text has a heading whose anchor, as GitHub
// makes it, is anchor.
func hasHeading(text, anchor string) bool {
	for _, line := range strings.Split(text, "\n") {
		if h, ok := strings.CutPrefix(line, "#"); ok && slug(strings.TrimLeft(h, "#")) == anchor {
			return true
		}
	}
	return false
}

// slug is GitHub's anchor of a heading: lower case, letters, digits,
// hyphens and underscores kept, spaces made hyphens, the rest dropped.
func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}
