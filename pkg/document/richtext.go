package document

import (
	"fmt"
	"strings"

	"github.com/carlos7ags/folio/font"
	"github.com/carlos7ags/folio/layout"
	"github.com/carlos7ags/folio/svg"
)

// Type sizes, in points, and the colours of the house.
const (
	sizeTitle   = 17
	sizeSection = 11.5
	sizeBody    = 9.5
	sizeSmall   = 8
)

var (
	colorText   = layout.Hex("#222222")
	colorMuted  = layout.Hex("#5a6270")
	colorAccent = layout.Hex("#1f3a5f")
	colorRule   = layout.Hex("#c8ced6")
	colorShade  = layout.Hex("#eef1f5")
)

// run is text in one font, size and colour.
func (d *Doc) run(text string, f *font.EmbeddedFont, size float64) layout.TextRun {
	return layout.NewRunEmbedded(text, f, size).WithColor(colorText)
}

// para is a paragraph in one style that may wrap anywhere it has an
// ordinary space; para is for short texts (labels, header lines).
func (d *Doc) para(text string, f *font.EmbeddedFont, size float64, c layout.Color) *layout.Paragraph {
	return layout.NewStyledParagraph(layout.NewRunEmbedded(text, f, size).WithColor(c))
}

// rich is a paragraph that never breaks a line at a no-break space. folio
// breaks lines at U+00A0 and U+202F like at any space, which would cut
// « 1 234,56 € » or « n° 12 » in two; so every word holding one becomes
// an unbreakable inline piece of its own, laid out on one line.
func (d *Doc) rich(text string, f *font.EmbeddedFont, size float64, c layout.Color) *layout.Paragraph {
	return layout.NewStyledParagraph(d.richRuns(text, f, size, c)...)
}

func (d *Doc) richRuns(text string, f *font.EmbeddedFont, size float64, c layout.Color) []layout.TextRun {
	// folio puts a space's width between a word and an inline piece on
	// either side, so the runs need not carry the spaces themselves.
	var runs []layout.TextRun
	var plain []string
	flush := func() {
		if len(plain) > 0 {
			runs = append(runs, layout.NewRunEmbedded(strings.Join(plain, " "), f, size).WithColor(c))
			plain = plain[:0]
		}
	}
	breakable := func(r rune) bool { return r == ' ' || r == '\n' || r == '\t' }
	for _, word := range strings.FieldsFunc(text, breakable) {
		if !strings.ContainsAny(word, nbsp+narrowNbsp) {
			plain = append(plain, word)
			continue
		}
		flush()
		piece := layout.NewStyledParagraph(layout.NewRunEmbedded(word, f, size).WithColor(c)).SetNoWrap(true)
		runs = append(runs, layout.RunInline(piece))
	}
	flush()
	// folio spaces an inline piece like the text after it, or like the
	// word before it; a piece that opens a paragraph with no text after
	// it would stick to the next piece, so a blank run gives it a space.
	runs = append(runs, layout.NewRunEmbedded(" ", f, size))
	return runs
}

// lineHeight is the height folio gives a line of f at size, and where it
// puts the baseline from the line's top (half the leading above the ascent).
func lineHeight(f *font.EmbeddedFont, size float64) (height, baseline float64) {
	face := f.Face()
	upem := float64(face.UnitsPerEm())
	ascent := float64(face.Ascent()) / upem * size
	descent := -float64(face.Descent()) / upem * size
	height = f.NormalLineHeight(size)
	return height, (height + ascent - descent) / 2
}

// checkBox is a box drawn as a picture, ticked or not: Noto Sans has no
// ☑ glyph. The picture is as tall as the line, so that folio, which sets
// an inline picture on the line's bottom, puts the box on the baseline.
func (d *Doc) checkBox(checked bool, size float64) (layout.TextRun, error) {
	h, base := lineHeight(d.regular, size)
	h *= 0.999 // not taller than the text, or the line grows
	side := size * 0.78
	top := base - side + size*0.06
	mark := ""
	if checked {
		mark = fmt.Sprintf(`<path d="M %.2f %.2f L %.2f %.2f L %.2f %.2f" fill="none" stroke="#1f3a5f" stroke-width="%.2f"/>`,
			1+side*0.2, top+side*0.52, 1+side*0.42, top+side*0.76, 1+side*0.82, top+side*0.22, side*0.14)
	}
	src := fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" width="%.2f" height="%.2f" viewBox="0 0 %.2f %.2f">`+
		`<rect x="1" y="%.2f" width="%.2f" height="%.2f" fill="none" stroke="#1f3a5f" stroke-width="0.8"/>%s</svg>`,
		side+2, h, side+2, h, top, side, side, mark)
	pic, err := svg.Parse(src)
	if err != nil {
		return layout.TextRun{}, fmt.Errorf("document: check box: %w", err)
	}
	return layout.RunInline(layout.NewSVGElement(pic).SetSize(side+2, h)), nil
}
