// The product page loads the shared login prompt lazily (a module with a default export for React.lazy).
export { LoginPrompt as default } from '@/shared/components/LoginPrompt';
