package upload

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"testing"

	"courtier/pkg/upload/uploadtest"
)

// The builders of the files the tests send: every hostile input is made
// here, in code, so each test says exactly what it holds.

// picture draws a w × h image with a gradient and a dark top-left
// corner, so tests can tell which way it is turned.
func picture(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(255 * x / w), uint8(255 * y / h), 200, 255})
		}
	}
	for y := range min(h, 8) {
		for x := range min(w, 8) {
			img.Set(x, y, color.RGBA{0, 0, 0, 255})
		}
	}
	return img
}

func jpegOf(t testing.TB, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func pngOf(t testing.TB, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// withExif inserts after the SOI marker an Exif APP1 segment with an
// orientation and a GPS IFD whose latitude reference is the text gps.
func withExif(jpg []byte, orientation uint16, gps string) []byte {
	le := binary.LittleEndian
	tiff := []byte("II*\x00\x08\x00\x00\x00")
	// IFD0 at 8: two entries, then the GPS IFD at 8+2+24+4 = 38.
	tiff = le.AppendUint16(tiff, 2)
	tiff = appendEntry(tiff, 0x0112, 3, 1, uint32(orientation))
	tiff = appendEntry(tiff, 0x8825, 4, 1, 38)
	tiff = le.AppendUint32(tiff, 0)
	// GPS IFD: GPSLatitudeRef as ASCII, stored after the IFD at 38+2+12+4 = 56.
	tiff = le.AppendUint16(tiff, 1)
	tiff = appendEntry(tiff, 0x0001, 2, uint32(len(gps)+1), 56)
	tiff = le.AppendUint32(tiff, 0)
	tiff = append(tiff, gps+"\x00"...)
	seg := append([]byte("Exif\x00\x00"), tiff...)
	app1 := binary.BigEndian.AppendUint16([]byte{0xFF, 0xE1}, uint16(len(seg)+2))
	out := append([]byte{}, jpg[:2]...)
	out = append(append(out, app1...), seg...)
	return append(out, jpg[2:]...)
}

func appendEntry(b []byte, tag, typ uint16, count, value uint32) []byte {
	le := binary.LittleEndian
	b = le.AppendUint16(le.AppendUint16(b, tag), typ)
	return le.AppendUint32(le.AppendUint32(b, count), value)
}

// pngChunk writes a PNG chunk with its CRC.
func pngChunk(typ string, data []byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	b = append(append(b, typ...), data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[4:]))
}

// withChunk inserts a chunk right after the IHDR of a PNG.
func withChunk(p []byte, typ string, data []byte) []byte {
	const afterIHDR = 8 + 4 + 4 + 13 + 4
	out := append([]byte{}, p[:afterIHDR]...)
	out = append(out, pngChunk(typ, data)...)
	return append(out, p[afterIHDR:]...)
}

// pngBomb is a valid PNG header declaring a w × h RGB image, followed by
// a few bytes of pixels: the bomb is the size it announces.
func pngBomb(w, h uint32) []byte {
	ihdr := binary.BigEndian.AppendUint32(nil, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, 8, 2, 0, 0, 0) // 8 bits, RGB, deflate, no filter, no interlace
	out := []byte("\x89PNG\r\n\x1a\n")
	out = append(out, pngChunk("IHDR", ihdr)...)
	out = append(out, pngChunk("IDAT", deflate([]byte{0, 0, 0, 0}))...)
	return append(out, pngChunk("IEND", nil)...)
}

func deflate(b []byte) []byte { return uploadtest.Flate(b) }

// pdfOf, pageObjects and streamObj are uploadtest's builders, under the
// names these tests have long used: see uploadtest.PDF, Page and Stream.
func pdfOf(extra string, objects ...string) []byte { return uploadtest.PDF(extra, objects...) }

func pageObjects(catalog string) []string { return uploadtest.Page(catalog) }

func streamObj(dict string, data []byte) string { return uploadtest.Stream(dict, data) }

// simplePDF is the one-page PDF with the given catalog entries.
func simplePDF(catalog string) []byte { return pdfOf("", pageObjects(catalog)...) }

// objStmPDF is the one-page PDF whose catalog opens with action 7, which
// is hidden in object stream 6 (Flate-compressed) the way modern
// producers pack their dictionaries. The classic cross-reference table
// does not list object 7: the checker reads no table.
func objStmPDF(action string) []byte {
	header := "7 0 "
	data := deflate([]byte(header + action))
	dict := fmt.Sprintf("/Type /ObjStm /N 1 /First %d /Filter /FlateDecode ", len(header))
	return pdfOf("", append(pageObjects("/OpenAction 7 0 R "), streamObj(dict, data))...)
}
