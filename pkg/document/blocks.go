package document

import (
	"github.com/carlos7ags/folio/layout"
)

// Field is one line of a label/value block: « Date de naissance : 3 mai 1990 ».
type Field struct {
	Label, Value string
}

// Column is a column of a table: its title, its share of the width and
// whether it holds amounts (right-aligned, never wrapped).
type Column struct {
	Title  string
	Width  float64 // relative to the other columns
	Amount bool
}

// Section adds a heading that opens a part of the document; it stays on
// the page of the text that follows it.
func (d *Doc) Section(title string) {
	d.add(layout.NewHeadingEmbedded(title, layout.H2, d.bold).
		SetRuns([]layout.TextRun{layout.NewRunEmbedded(title, d.bold, sizeSection).WithColor(colorAccent)}))
}

// Paragraph adds body text, ragged right (folio places inline pieces as
// if a line were not justified), that never breaks a line at a
// no-break space.
func (d *Doc) Paragraph(text string) {
	d.add(d.rich(text, d.regular, sizeBody, colorText).
		SetSpaceAfter(5).SetOrphans(2).SetWidows(2))
}

// Strong adds a paragraph in bold: a statement the reader must not miss.
func (d *Doc) Strong(text string) {
	d.add(d.rich(text, d.bold, sizeBody, colorText).SetSpaceAfter(5))
}

// Note adds small text in grey: a legal reference, an explanation.
func (d *Doc) Note(text string) {
	d.add(d.rich(text, d.regular, sizeSmall, colorMuted).
		SetSpaceAfter(4))
}

// Bullets adds a list, one item a line.
func (d *Doc) Bullets(items ...string) {
	for _, it := range items {
		runs := append([]layout.TextRun{layout.NewRunEmbedded("• ", d.bold, sizeBody).WithColor(colorAccent)},
			d.richRuns(it, d.regular, sizeBody, colorText)...)
		d.add(layout.NewStyledParagraph(runs...).SetFirstLineIndent(0).SetSpaceAfter(2))
	}
}

// Fields adds a label/value block: labels in grey on the left third,
// values on the right. Empty values are left out.
func (d *Doc) Fields(fields ...Field) {
	t := layout.NewTable().SetColumnUnitWidths([]layout.UnitValue{layout.Pct(34), layout.Pct(66)})
	n := 0
	for _, f := range fields {
		if f.Value == "" {
			continue
		}
		row := t.AddRow()
		row.AddCellElement(d.rich(f.Label, d.regular, sizeSmall+0.5, colorMuted)).
			SetBorders(layout.CellBorders{Bottom: layout.SolidBorder(0.4, colorRule)}).
			SetPaddingSides(layout.Padding{Top: 3, Bottom: 3, Right: 6})
		row.AddCellElement(d.rich(f.Value, d.regular, sizeBody, colorText)).
			SetBorders(layout.CellBorders{Bottom: layout.SolidBorder(0.4, colorRule)}).
			SetPaddingSides(layout.Padding{Top: 3, Bottom: 3})
		n++
	}
	if n > 0 {
		d.add(layout.NewDiv().Add(t).SetSpaceBefore(3).SetSpaceAfter(8))
	}
}

// Table adds a table with a header row, repeated on each page it spans;
// amounts are right-aligned and never wrapped.
func (d *Doc) Table(cols []Column, rows [][]string) {
	widths := make([]layout.UnitValue, len(cols))
	var total float64
	for _, c := range cols {
		total += max(c.Width, 1)
	}
	for i, c := range cols {
		widths[i] = layout.Pct(100 * max(c.Width, 1) / total)
	}
	t := layout.NewTable().SetColumnUnitWidths(widths)
	border := layout.CellBorders{Bottom: layout.SolidBorder(0.4, colorRule)}
	head := t.AddHeaderRow()
	for _, c := range cols {
		head.AddCellElement(d.cellText(c.Title, c, true)).SetBackground(colorShade).
			SetBorders(layout.CellBorders{Bottom: layout.SolidBorder(0.8, colorAccent)}).SetPadding(4)
	}
	for _, r := range rows {
		row := t.AddRow()
		for i, c := range cols {
			text := ""
			if i < len(r) {
				text = r[i]
			}
			row.AddCellElement(d.cellText(text, c, false)).SetBorders(border).SetPadding(4)
		}
	}
	d.add(layout.NewDiv().Add(t).SetSpaceBefore(3).SetSpaceAfter(8))
}

func (d *Doc) cellText(text string, c Column, header bool) *layout.Paragraph {
	f, size := d.regular, sizeSmall+0.5
	if header {
		f = d.bold
	}
	if c.Amount {
		return d.para(text, f, size, colorText).SetAlign(layout.AlignRight).SetNoWrap(true)
	}
	return d.rich(text, f, size, colorText)
}

// Check adds a check-box line: « ☑ J'ai lu et j'accepte … ».
func (d *Doc) Check(checked bool, text string) error {
	box, err := d.checkBox(checked, sizeBody)
	if err != nil {
		return err
	}
	runs := append([]layout.TextRun{box}, d.richRuns(text, d.regular, sizeBody, colorText)...)
	d.add(layout.NewStyledParagraph(runs...).SetSpaceAfter(4))
	return nil
}

// Signatures adds boxes side by side where each party signs: a title
// (« Le souscripteur ») and what is already known (name, place and date,
// or « Signé électroniquement le … »).
func (d *Doc) Signatures(boxes ...Field) {
	if len(boxes) == 0 {
		return
	}
	widths := make([]layout.UnitValue, len(boxes))
	for i := range boxes {
		widths[i] = layout.Pct(100 / float64(len(boxes)))
	}
	t := layout.NewTable().SetColumnUnitWidths(widths).SetCellSpacing(10, 0)
	row := t.AddRow()
	for _, b := range boxes {
		box := layout.NewDiv().SetMinHeight(78).
			Add(d.para(b.Label, d.bold, sizeSmall+0.5, colorAccent).SetSpaceAfter(4)).
			Add(d.rich(b.Value, d.regular, sizeSmall+0.5, colorText))
		row.AddCellElement(box).SetBorders(layout.AllBorders(layout.SolidBorder(0.6, colorRule))).SetPadding(7)
	}
	d.add(layout.NewDiv().Add(t).SetKeepTogether(true).SetSpaceBefore(6).SetSpaceAfter(8))
}

// PageBreak starts a new page.
func (d *Doc) PageBreak() {
	d.add(layout.NewAreaBreak())
}
