package document

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"courtier/pkg/company"

	folio "github.com/carlos7ags/folio/document"
	"github.com/carlos7ags/folio/font"
	"github.com/carlos7ags/folio/layout"
)

// Broker is who issues the documents: its name, address and ORIAS number
// head every page, its legal line ends every page.
type Broker struct {
	Name    string // « Horizon Courtage »
	Address string // on one line
	ORIAS   string // registration number, « 24 003 517 »
	Email   string
	Phone   string
	Legal   string // footer line: company, SIRET, supervisor
}

// BrokerFromProfile takes the broker's identity from the company profile,
// so no address is typed twice.
func BrokerFromProfile(p company.Profile) Broker {
	return Broker{
		Name:    p.Name,
		Address: p.FullAddress(),
		ORIAS:   p.Orias,
		Email:   p.Email,
		Phone:   p.Phone,
		Legal: fmt.Sprintf("%s, courtier en assurance, %s – SIRET %s – ORIAS n°%s%s (www.orias.fr) – sous le contrôle de l’ACPR",
			p.FullName, p.FullAddress(), p.Siret, nbsp, p.Orias),
	}
}

// Renderer makes the documents of one broker with one set of texts. It is
// safe for concurrent use; each document has its own fonts.
type Renderer struct {
	texts  *Texts
	broker Broker
	paris  *time.Location
}

// NewRenderer prepares the documents of broker b, written with texts t
// (DefaultTexts when nil). The fonts are parsed at the first document,
// once for every renderer (Load parses them before).
func NewRenderer(b Broker, t *Texts) (*Renderer, error) {
	if b.Name == "" || b.ORIAS == "" {
		return nil, errors.New("document: the broker needs a name and an ORIAS number")
	}
	if t == nil {
		var err error
		if t, err = DefaultTexts(); err != nil {
			return nil, err
		}
	}
	paris, err := time.LoadLocation(company.Zone)
	if err != nil {
		return nil, fmt.Errorf("document: %w", err)
	}
	return &Renderer{texts: t, broker: b, paris: paris}, nil
}

// Load parses the fonts now rather than at the first document, and
// returns the error a document would meet: serve calls it once ready.
func (r *Renderer) Load() error {
	_, err := sharedFaces()
	return err
}

// Texts are the texts the renderer writes with.
func (r *Renderer) Texts() *Texts { return r.texts }

// Doc is a document being composed: A4 pages under the broker's header,
// with the document's reference on each page and « Page 1 sur 3 » at the
// foot. Its methods add blocks in reading order; PDF writes it. A Doc is
// not safe for concurrent use.
type Doc struct {
	r                *Renderer
	title, reference string
	issued           time.Time
	regular, bold    *font.EmbeddedFont
	elems            []layout.Element
}

// NewDoc starts a document: title is its name (« Conditions
// particulières »), reference what each page's header names (« Contrat
// n° HC-2026-000123 »), issued the issue date written in its metadata.
func (r *Renderer) NewDoc(title, reference string, issued time.Time) *Doc {
	f, err := sharedFaces()
	if err != nil {
		// The embedded fonts parse in every test that renders, and serve
		// stops on this error when it loads them after starting
		// (Renderer.Load): only a broken build gets here.
		panic(err)
	}
	d := &Doc{r: r, title: title, reference: reference, issued: issued,
		regular: font.NewEmbeddedFont(f.regular), bold: font.NewEmbeddedFont(f.bold)}
	d.add(layout.NewHeadingEmbedded(title, layout.H1, d.bold).
		SetRuns([]layout.TextRun{d.run(title, d.bold, sizeTitle).WithColor(colorAccent)}))
	return d
}

// Title is the document's name.
func (d *Doc) Title() string { return d.title }

func (d *Doc) add(e layout.Element) { d.elems = append(d.elems, e) }

// Page geometry, in points: A4 with margins a printer keeps.
const (
	marginSide   = 52
	marginTop    = 34
	marginBottom = 30
)

// PDF writes the document. The same content and issue time give the same
// bytes: the file ID is a digest of the content, the dates are the issue
// time, the fonts carry only the glyphs this document uses.
func (d *Doc) PDF() ([]byte, error) {
	d.regular.ResetGlyphs()
	d.bold.ResetGlyphs()
	pdf := folio.NewDocument(folio.PageSizeA4)
	pdf.SetMargins(layout.Margins{Top: marginTop, Right: marginSide, Bottom: marginBottom, Left: marginSide})
	pdf.Info.Title = d.title + " – " + d.reference
	pdf.Info.Author = d.r.broker.Name
	pdf.Info.Creator = "courtier"
	pdf.Info.Producer = "courtier (folio)"
	pdf.Info.Language = "fr-FR"
	pdf.Info.CreationDate = d.issued.UTC()
	pdf.Info.ModDate = d.issued.UTC()
	pdf.SetHeaderElement(d.header)
	pdf.SetFooterElement(d.footer)
	for _, e := range d.elems {
		pdf.Add(e)
	}
	out, err := pdf.ToBytesWithOptions(folio.WriteOptions{Deterministic: true})
	if err != nil {
		return nil, fmt.Errorf("document: write %s: %w", d.title, err)
	}
	return out, nil
}

// header is the broker's block on the left, the document's name and
// reference on the right, over a rule.
func (d *Doc) header(folio.PageContext) layout.Element {
	b := d.r.broker
	left := layout.NewDiv().
		Add(d.para(b.Name, d.bold, 11, colorAccent)).
		Add(d.para(b.Address, d.regular, sizeSmall, colorMuted)).
		Add(d.para("Courtier en assurance – ORIAS n°"+nbsp+b.ORIAS, d.regular, sizeSmall, colorMuted))
	right := layout.NewDiv().
		Add(d.para(d.title, d.regular, sizeSmall, colorMuted).SetAlign(layout.AlignRight)).
		Add(d.para(d.reference, d.bold, 9, colorText).SetAlign(layout.AlignRight))
	t := layout.NewTable().SetColumnUnitWidths([]layout.UnitValue{layout.Pct(58), layout.Pct(42)})
	row := t.AddRow()
	row.AddCellElement(left).SetBorders(layout.NoBorders()).SetPadding(0)
	row.AddCellElement(right).SetBorders(layout.NoBorders()).SetPadding(0).SetVAlign(layout.VAlignBottom)
	return layout.NewDiv().Add(t).
		SetBorders(layout.CellBorders{Bottom: layout.SolidBorder(0.8, colorAccent)}).
		SetPaddingAll(layout.Padding{Bottom: 5}).SetSpaceAfter(14)
}

// footer is the broker's legal line and the page number.
func (d *Doc) footer(ctx folio.PageContext) layout.Element {
	page := "Page " + strconv.Itoa(ctx.PageIndex+1) + " sur " + strconv.Itoa(ctx.TotalPages)
	t := layout.NewTable().SetColumnUnitWidths([]layout.UnitValue{layout.Pct(82), layout.Pct(18)})
	row := t.AddRow()
	row.AddCellElement(d.para(d.r.broker.Legal, d.regular, 6.5, colorMuted)).
		SetBorders(layout.NoBorders()).SetPadding(0)
	row.AddCellElement(d.para(page, d.regular, 7.5, colorMuted).SetAlign(layout.AlignRight).SetNoWrap(true)).
		SetBorders(layout.NoBorders()).SetPadding(0)
	return layout.NewDiv().Add(t).
		SetBorders(layout.CellBorders{Top: layout.SolidBorder(0.5, colorRule)}).
		SetPaddingAll(layout.Padding{Top: 4}).SetSpaceBefore(8)
}
