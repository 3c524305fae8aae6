package mail

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"strings"
	"unicode/utf8"

	"courtier/pkg/company"
)

// Doc is a notice before it is rendered: its plain-text and HTML parts are
// both drawn from it (Render), so that they never say different things.
type Doc struct {
	Subject string
	// Greeting names the person ("Bonjour Marie,").
	Greeting string
	// Intro are the paragraphs before the facts.
	Intro []string
	// Facts are labelled values: a reference, a delay, a slot.
	Facts []Fact
	// Quote is the broker's own words (a reply), kept as written, line breaks included.
	Quote string
	// Action is the one link the notice leads to.
	Action *Link
	// After are the paragraphs after the link.
	After []string
}

// Fact is one labelled value of a Doc.
type Fact struct{ Label, Value string }

// Link is a labelled absolute address.
type Link struct{ Label, URL string }

// Footer is the broker's identity at the end of every mail: the law asks a
// broker to give its ORIAS registration in what it sends (code des
// assurances R521-2), and the client must know whom to write to.
type Footer struct {
	Name, FullName, Address, Orias, Phone, Email, Site string
}

// FooterOf is the footer of the company profile p.
func FooterOf(p company.Profile, publicURL string) Footer {
	return Footer{
		Name: p.Name, FullName: p.FullName, Orias: p.Orias, Phone: p.Phone, Email: p.Email, Site: publicURL,
		Address: fmt.Sprintf("%s, %s %s", p.Address, p.PostalCode, p.City),
	}
}

// textWidth is where the plain-text part wraps its paragraphs, as mail
// clients expect (RFC 5322 recommends lines under 78 characters).
const textWidth = 72

// Text renders the plain-text part of d.
func (d Doc) Text(f Footer) string {
	var b strings.Builder
	para := func(s string) {
		b.WriteString(wrap(s, textWidth))
		b.WriteString("\n\n")
	}
	para(d.Greeting)
	for _, p := range d.Intro {
		para(p)
	}
	if len(d.Facts) > 0 {
		for _, fa := range d.Facts {
			fmt.Fprintf(&b, "  %s : %s\n", fa.Label, fa.Value)
		}
		b.WriteString("\n")
	}
	if d.Quote != "" {
		for _, line := range strings.Split(strings.TrimRight(d.Quote, "\n"), "\n") {
			for _, l := range strings.Split(wrap(line, textWidth-2), "\n") {
				b.WriteString(strings.TrimRight("> "+l, " "))
				b.WriteString("\n")
			}
		}
		b.WriteString("\n")
	}
	if d.Action != nil {
		fmt.Fprintf(&b, "%s :\n%s\n\n", d.Action.Label, d.Action.URL)
	}
	for _, p := range d.After {
		para(p)
	}
	fmt.Fprintf(&b, "Cordialement,\nL’équipe %s\n\n-- \n", f.Name)
	fmt.Fprintf(&b, "%s, %s\n", f.FullName, f.Address)
	fmt.Fprintf(&b, "Courtier en assurance immatriculé à l’ORIAS sous le n° %s (www.orias.fr)\n", f.Orias)
	fmt.Fprintf(&b, "%s · %s · %s\n", f.Phone, f.Email, f.Site)
	return b.String()
}

// wrap breaks s into lines of at most width characters, between words.
func wrap(s string, width int) string {
	var b strings.Builder
	n := 0
	for i, w := range strings.Fields(s) {
		l := utf8.RuneCountInString(w)
		switch {
		case i == 0:
		case n+1+l > width:
			b.WriteByte('\n')
			n = 0
		default:
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += l
	}
	return b.String()
}

//go:embed layout.html
var layoutHTML string

// layout is the HTML part's one template: inline styles and a dark scheme
// of its own (prefers-color-scheme, and the color-scheme meta that Apple
// Mail and Outlook read), no image, font or style sheet to load.
var layout = template.Must(template.New("mail").Funcs(template.FuncMap{
	"lines": func(s string) []string { return strings.Split(strings.TrimRight(s, "\n"), "\n") },
}).Parse(layoutHTML))

// HTML renders the HTML part of d.
func (d Doc) HTML(f Footer) (string, error) {
	var b bytes.Buffer
	if err := layout.Execute(&b, struct {
		Doc
		Footer Footer
	}{d, f}); err != nil {
		return "", fmt.Errorf("gabarit HTML: %w", err)
	}
	return b.String(), nil
}
