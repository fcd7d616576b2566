open Nowhere
