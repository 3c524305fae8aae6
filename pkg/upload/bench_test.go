package upload

import (
	"bytes"
	"image"
	"image/color"
	"math/rand/v2"
	"testing"
)

// photo is a w × h image with the fine grain of a phone photo, so that it
// compresses like one (about 3 Mo for 12 megapixels at quality 90).
func photo(w, h int) *image.RGBA {
	rng := rand.New(rand.NewPCG(1, 2))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			n := uint8(rng.IntN(20))
			img.SetRGBA(x, y, color.RGBA{uint8(x*200/w) + n, uint8(y*200/h) + n, 120 + n, 255})
		}
	}
	return img
}

func BenchmarkCheckJPEGPhoto(b *testing.B) {
	data := jpegOf(b, photo(4000, 3000))
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Check("photo.jpg", data, Policy{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(data))/1e6, "MB/file")
}

// BenchmarkCheckPDF checks a 1 Mo scan: a JPEG page image and a text
// page in Flate streams, the raw bytes searched and the text inflated.
func BenchmarkCheckPDF(b *testing.B) {
	scan := jpegOf(b, photo(2300, 1700))
	text := bytes.Repeat([]byte("BT /F1 10 Tf 72 700 Td (Assuré : Léa Martin, bonus 0,50) Tj ET\n"), 4000)
	objects := append(pageObjects(""),
		streamObj("/Type /XObject /Subtype /Image /Width 2300 /Height 1700 /Filter /DCTDecode ", scan),
		streamObj("/Filter /FlateDecode ", deflate(text)))
	data := pdfOf("", objects...)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Check("scan.pdf", data, Policy{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(data))/1e6, "MB/file")
}
