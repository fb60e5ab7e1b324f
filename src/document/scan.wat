;; The scanner module of scan-wasm.ts in the WebAssembly text format: a listing of
;; the bytes that file assembles, instruction for instruction (test/scan.test.ts
;; disassembles them and compares them with the instructions below, so the two
;; cannot drift apart). wat2wasm turns this file into the same bytes.
;;
;; scan($from, $to, $table) returns the index of the first byte of memory[$from, $to)
;; that is in the byte class whose nibble tables are at $table, or $to. Byte b is in
;; the class when lo[b & 15] & hi[b >> 4] is not zero, lo being the 16 bytes at
;; $table and hi the 16 after: i8x16.swizzle looks up 16 bytes' nibbles at once.
;; scan.ts lays out the memory: class tables from 0, the window of input from 128.
(module
  (memory (export "memory") 1)
  (func (export "scan") (param $from i32) (param $to i32) (param $table i32) (result i32)
    (local $lo v128) (local $hi v128) (local $nibble v128) (local $a v128) (local $b v128) (local $bytes v128)
    (local $mask i32)
    ;; The class: lo at $table, hi at $table+16 (any alignment).
    local.get $table
    v128.load align=1
    local.set $lo
    local.get $table
    v128.load offset=16 align=1
    local.set $hi
    v128.const i8x16 15 15 15 15 15 15 15 15 15 15 15 15 15 15 15 15
    local.set $nibble

    ;; Loop 1: 32 bytes per turn, two blocks of 16, while both lie before $to.
    ;; A turn classifies both blocks and, if either holds a byte of the class,
    ;; returns $from plus the index of the lowest set bit of the 32-bit mask
    ;; (the first block in bits 0-15, the second in 16-31). Otherwise on.
    block                               ;; depth 1 in the loop: leaving it goes to loop 2
      loop                              ;; depth 0: the next turn
        local.get $from
        i32.const 32
        i32.add
        local.get $to
        i32.gt_u
        br_if 1                         ;; fewer than 32 bytes left: on to loop 2
        local.get $lo
        local.get $from
        v128.load align=1               ;; the 16 bytes at $from
        local.tee $bytes                ;; kept for their high nibbles
        local.get $nibble
        v128.and                        ;; b & 15
        i8x16.swizzle                   ;; lo[b & 15]
        local.get $hi
        local.get $bytes
        i32.const 4
        i8x16.shr_u                     ;; b >> 4
        i8x16.swizzle                   ;; hi[b >> 4]
        v128.and                        ;; non-zero lanes: the bytes in the class
        local.set $a
        local.get $lo
        local.get $from
        v128.load offset=16 align=1     ;; the 16 bytes at $from+16
        local.tee $bytes                ;; kept for their high nibbles
        local.get $nibble
        v128.and                        ;; b & 15
        i8x16.swizzle                   ;; lo[b & 15]
        local.get $hi
        local.get $bytes
        i32.const 4
        i8x16.shr_u                     ;; b >> 4
        i8x16.swizzle                   ;; hi[b >> 4]
        v128.and                        ;; non-zero lanes: the bytes in the class
        local.set $b
        local.get $a
        local.get $b
        v128.or
        v128.any_true                   ;; a class byte in either block?
        if
          local.get $from
          local.get $a
          v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
          i8x16.ne
          i8x16.bitmask                 ;; one bit per lane of $a
          local.get $b
          v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
          i8x16.ne
          i8x16.bitmask                 ;; one bit per lane of $b
          i32.const 16
          i32.shl
          i32.or
          i32.ctz                       ;; the first class byte of the 32
          i32.add
          return
        end
        local.get $from
        i32.const 32
        i32.add
        local.set $from
        br 0
      end
    end

    ;; Loop 2: the rest, 16 bytes per turn. The last block may reach past $to (by up
    ;; to 15 bytes, which the caller keeps readable): its lanes at or past $to are
    ;; masked off with (1 << ($to - $from)) - 1 before looking for a set bit.
    block                               ;; depth 1 in the loop: leaving it returns $to
      loop                              ;; depth 0: the next turn
        local.get $from
        local.get $to
        i32.ge_u
        br_if 1                         ;; no bytes left
        local.get $lo
        local.get $from
        v128.load align=1               ;; the 16 bytes at $from
        local.tee $bytes                ;; kept for their high nibbles
        local.get $nibble
        v128.and                        ;; b & 15
        i8x16.swizzle                   ;; lo[b & 15]
        local.get $hi
        local.get $bytes
        i32.const 4
        i8x16.shr_u                     ;; b >> 4
        i8x16.swizzle                   ;; hi[b >> 4]
        v128.and                        ;; non-zero lanes: the bytes in the class
        v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
        i8x16.ne
        i8x16.bitmask                   ;; one bit per lane
        local.set $mask
        local.get $to
        local.get $from
        i32.sub
        i32.const 16
        i32.lt_u                        ;; the block reaches past $to?
        if
          local.get $mask
          i32.const 1
          local.get $to
          local.get $from
          i32.sub
          i32.shl
          i32.const 1
          i32.sub
          i32.and
          local.set $mask
        end
        local.get $mask
        if
          local.get $from
          local.get $mask
          i32.ctz
          i32.add
          return                        ;; the first class byte of the block
        end
        local.get $from
        i32.const 16
        i32.add
        local.set $from
        br 0
      end
    end
    local.get $to                       ;; none found
  )
)
