//! `#[derive(Shift)]` for cardc's syntax trees.
//!
//! cardc reads a part of a file (an item, an ability sentence) on its own, at offset 0,
//! caches what it read by its text, and reuses it wherever the same text stands by moving
//! every span it holds ([`cardc`'s `Shift`] trait). The derive writes that move for a
//! struct or an enum: it shifts each field, whatever its type, so a field added later is
//! moved with no code to write, and a field whose type cannot be moved is a compile error
//! (`Shift` is not implemented for it) rather than a span left behind.
//!
//! The generated impl names the trait `crate::ast::Shift`: the derive is for cardc's own
//! types.
//!
//! [`cardc`'s `Shift`] trait: `cardc::ast::Shift`, `fn shift(&mut self, by: u32)`.

use proc_macro::TokenStream;
use proc_macro2::TokenStream as TokenStream2;
use quote::{format_ident, quote};
use syn::{parse_macro_input, Data, DeriveInput, Fields};

/// Implements `crate::ast::Shift` by shifting every field of every variant.
#[proc_macro_derive(Shift)]
pub fn derive_shift(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    let name = &input.ident;
    let (impl_generics, type_generics, where_clause) = input.generics.split_for_impl();
    let body = match &input.data {
        Data::Struct(s) => {
            let (pattern, moves) = destructure(&s.fields);
            quote! { let Self #pattern = self; #moves }
        }
        Data::Enum(e) => {
            let arms = e.variants.iter().map(|v| {
                let variant = &v.ident;
                let (pattern, moves) = destructure(&v.fields);
                quote! { Self::#variant #pattern => { #moves } }
            });
            quote! {
                match self {
                    #(#arms)*
                }
            }
        }
        Data::Union(u) => {
            return syn::Error::new(u.union_token.span, "`Shift` cannot be derived for a union")
                .to_compile_error()
                .into();
        }
    };
    quote! {
        impl #impl_generics crate::ast::Shift for #name #type_generics #where_clause {
            fn shift(&mut self, by: u32) {
                #body
            }
        }
    }
    .into()
}

/// The pattern that binds every field of `fields`, and the statements that shift them.
fn destructure(fields: &Fields) -> (TokenStream2, TokenStream2) {
    match fields {
        Fields::Named(named) => {
            let names: Vec<_> = named.named.iter().filter_map(|f| f.ident.clone()).collect();
            (quote! { { #(#names),* } }, quote! { #(crate::ast::Shift::shift(#names, by);)* })
        }
        Fields::Unnamed(unnamed) => {
            let names: Vec<_> = (0..unnamed.unnamed.len()).map(|i| format_ident!("field_{i}")).collect();
            (quote! { ( #(#names),* ) }, quote! { #(crate::ast::Shift::shift(#names, by);)* })
        }
        Fields::Unit => (TokenStream2::new(), TokenStream2::new()),
    }
}
