package document

import (
	_ "embed"
	"fmt"
	"sync"

	"github.com/carlos7ags/folio/font"
)

// Noto Sans (SIL OFL 1.1, see fonts/OFL.txt): it has every glyph French
// needs (œ, ’, « », €, the no-break spaces) and folio embeds only the
// glyphs a document uses.
var (
	//go:embed fonts/NotoSans-Regular.ttf
	notoRegular []byte
	//go:embed fonts/NotoSans-Bold.ttf
	notoBold []byte
)

// faces are the parsed fonts, shared by every document: a folio Face is
// safe for concurrent use, the per-document glyph set lives in the
// EmbeddedFont made for each rendering.
type faces struct {
	regular, bold font.Face
}

// sharedFaces parses the embedded fonts once per process, at the first
// document or Renderer.Load: every renderer shares them (they are
// read-only), and a server is ready before it has parsed them.
var sharedFaces = sync.OnceValues(loadFaces)

func loadFaces() (faces, error) {
	regular, err := font.ParseFont(notoRegular)
	if err != nil {
		return faces{}, fmt.Errorf("document: parse Noto Sans Regular: %w", err)
	}
	bold, err := font.ParseFont(notoBold)
	if err != nil {
		return faces{}, fmt.Errorf("document: parse Noto Sans Bold: %w", err)
	}
	return faces{regular: regular, bold: bold}, nil
}
